model SubBoolOnInt
  Real x[2];
equation
  x[true] = 1;
  x[1] = 2;
end SubBoolOnInt;
// ERROR: %f:4:5: error: 'x' is not indexed by Boolean here, so this subscript cannot be Boolean
