// A partial derivative of a function (12.7.2) is made by differentiating its algorithm symbolically, which
// mo2c does for chains of single assignments only (tests/sim/partial_der.sh): a loop is refused, never
// run as an empty function.
package P
  function g
    input Real x;
    input Real y;
    output Real z = 0;
  algorithm
    for i in 1:3 loop
      z := z + x*y;
    end for;
  end g;
  function g_x = der(g, x);
  model M
    Real v = g_x(time, 2);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:14:12: error: not supported yet: the partial derivative of 'P.g', whose algorithm is not a chain of single assignments of scalars (specification 12.7.2)
