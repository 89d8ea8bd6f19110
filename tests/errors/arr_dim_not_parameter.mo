model ArrDimNotParameter
  Integer n = 3;
  Real x[n];
equation
  x = ones(3);
end ArrDimNotParameter;
// ERROR: %f:3:10: error: an array dimension must be a parameter expression with an integer value
