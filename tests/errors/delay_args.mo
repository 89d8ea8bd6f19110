model DelayArgs
  Real x = sin(time);
  Real y = delay(x);
end DelayArgs;
// ERROR: %f:3:12: error: 'delay' takes 2 or 3 arguments, not 1
