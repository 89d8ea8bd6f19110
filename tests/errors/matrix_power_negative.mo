model MatrixPowerNegative
  Real B[2, 2] = [1, 2; 3, 4]^(-1);
  Real C[2, 2] = [1, 2; 3, 4]^time;
end MatrixPowerNegative;
// ERROR: %f:2:32: error: the power of a matrix must be a parameter expression with an Integer value >= 0
