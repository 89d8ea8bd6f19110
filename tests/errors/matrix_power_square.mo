model MatrixPowerSquare
  Real B[2, 3] = [1, 2, 3; 4, 5, 6]^2;
end MatrixPowerSquare;
// ERROR: %f:2:18: error: the power A^n needs a square matrix A, not one of size [2, 3]
