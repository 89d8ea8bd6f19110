model ForRangeNotParameter
  Real x[3];
  Real k = 2;
equation
  for i in 1:k loop
    x[i] = i;
  end for;
  x[3] = 0;
end ForRangeNotParameter;
// ERROR: %f:5:14: error: the range of a for-loop must be a parameter expression
