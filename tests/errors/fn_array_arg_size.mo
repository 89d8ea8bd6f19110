// An argument whose size is not the declared one, found at compile time.
package P
  function f
    input Real A[:, :];
    input Real x[size(A, 2)];
    output Real y;
  algorithm
    y := sum(A*x);
  end f;
  model M
    Real v = f([1, 2; 3, 4], {1, 2, 3});
  end M;
end P;
// MODEL: P.M
// ERROR: %f:11:14: error: argument 'x' of 'P.f' has size [3], but dimension 1 is declared 2
// ERROR: %f:5:16: note: 'x' is declared here
