model SubIntOnBool
  Real x[Boolean];
equation
  x[1] = 1;
  x[true] = 2;
end SubIntOnBool;
// ERROR: %f:4:5: error: 'x' is indexed by Boolean here, so the subscript must be Boolean
