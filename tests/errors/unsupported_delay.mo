model Delay
  Real x, y;
equation
  x = sin(time);
  y = delay(x, 0.1);
end Delay;
// ARGS: %f
// ERROR: %f:5:7: error: not supported yet: delay
