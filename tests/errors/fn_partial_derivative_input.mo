// der(g, u) differentiates by a scalar Real input u of g (specification 12.7.2): not by an output.
package P
  function g
    input Real x;
    input Real y;
    output Real z;
  algorithm
    z := x*y;
  end g;
  function g_z = der(g, z);
  model M
    Real v = g_z(time, 2);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:10:12: error: 'z' is not a scalar Real input of 'P.g': der(P.g, ...) differentiates by those (specification 12.7.2)
