model ArrSizeMismatch
  Real x[3];
  Real A[2, 3];
equation
  x = A * x;
  A = zeros(2, 3);
end ArrSizeMismatch;
// ERROR: %f:5:3: error: the two sides of this equation have different sizes: [3] and [2]
