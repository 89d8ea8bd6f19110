model FnSumVectors
  function f "a sum of vectors over two iterators: not yet"
    input Real x[:];
    output Real y[size(x, 1)];
  algorithm
    y := sum(i*j*x for i in 1:2, j in 1:3);
  end f;
  Real y[2] = f({1, 2});
end FnSumVectors;
// ERROR: %f:6:10: error: not supported yet: a sum reduction of a vector over more than one iterator in a function
