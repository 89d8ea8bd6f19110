// Protected variables whose initial values read each other: no order of initialization exists (12.4.4).
package P
  function f
    input Real x;
    output Real y;
  protected
    Real a = b + x;
    Real b = a;
  algorithm
    y := a;
  end f;
  model M
    Real v = f(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:7:10: error: the size or initial value of 'a' depends on itself
