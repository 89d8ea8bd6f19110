// '+' of a matrix and a vector inside a function.
package P
  function f
    input Real A[:, :];
    input Real x[:];
    output Real y[size(x, 1)];
  algorithm
    y := A + x;
  end f;
  model M
    Real v[2] = f([1, 2; 3, 4], {1, 2});
  end M;
end P;
// MODEL: P.M
// ERROR: %f:8:10: error: operator '+' cannot combine a matrix and a vector
