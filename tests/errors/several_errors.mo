// Independent mistakes in several equations are reported in one run (each with its "did you mean").
// ERROR: %f:10:13: error: unknown variable 'xx'
// ERROR: %f:11:7: error: unknown function 'sinn'
// ERROR: %f:11:7: note: did you mean 'sin'?
// ERROR: %f:12:7: error: unknown variable 'yy'
model SeveralErrors
  Real x(start = 1);
  Real y, z;
equation
  der(x) = -xx;
  y = sinn(x);
  z = yy + 1;
end SeveralErrors;
