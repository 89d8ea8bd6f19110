model DelayBoolean
  Boolean b = time > 1;
  Real z = delay(b, 1);
end DelayBoolean;
// ERROR: %f:3:18: error: the arguments of delay must be Real, not Boolean
