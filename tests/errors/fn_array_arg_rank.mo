// A matrix given to a vector input from a model.
package P
  function f
    input Real x[:];
    output Real y;
  algorithm
    y := sum(x);
  end f;
  model M
    Real v = f([1, 2; 3, 4]);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:10:16: error: argument 'x' of 'P.f' must be a vector, not of size [2, 2]
