// A scalar given to a vector input from a model (a matrix would apply f to its rows, 12.4.6).
package P
  function f
    input Real x[:];
    output Real y;
  algorithm
    y := sum(x);
  end f;
  model M
    Real v = f(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:10:16: error: argument 'x' of 'P.f' must be a vector, not of size scalar
