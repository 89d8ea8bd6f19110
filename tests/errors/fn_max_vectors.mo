model FnMaxVectors
  function f "max reductions take scalars (sum takes vectors)"
    input Real x[:];
    output Real y;
  algorithm
    y := max(i*x for i in 1:2);
  end f;
  Real y = f({1, 2});
end FnMaxVectors;
// ERROR: %f:6:14: error: the expression of a reduction of max must be a scalar, not a vector
