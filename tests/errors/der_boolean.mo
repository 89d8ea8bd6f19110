model DerBoolean
  Boolean b = time > 0.5;
  Real x;
equation
  x = der(not b);
end DerBoolean;
// ERROR: %f:5:11: error: the argument of der must be Real, not Boolean
