model DelayIndex
  Real x, v;
equation
  der(x) = v;
  x = delay(time, 1);
end DelayIndex;
// ARGS: %f
// ERROR: %f:5:7: error: not supported yet: delay in an equation that index reduction differentiates
