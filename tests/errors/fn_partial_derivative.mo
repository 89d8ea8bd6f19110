// Functions defined as partial derivatives of others are refused, never run as empty functions.
package P
  function g
    input Real x;
    input Real y;
    output Real z;
  algorithm
    z := x*y;
  end g;
  function g_x = der(g, x);
  model M
    Real v = g_x(time, 2);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:10:12: error: not supported yet: partial derivatives of functions ('P.g_x' = der(...))
