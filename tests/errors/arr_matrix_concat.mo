model ArrMatrixConcat
  Real M[2, 3];
equation
  M = [{1, 2, 3}, {4, 5, 6}];
end ArrMatrixConcat;
// ERROR: %f:4:3: error: the two sides of this equation have different sizes: [2, 3] and [3, 2]
