model DelayMaxParam
  Real x = sin(time);
  Real d = 0.1 + 0.05 * sin(time);
  Real dmax = 1;
  Real y = delay(x, d, dmax);
end DelayMaxParam;
// ERROR: %f:5:24: error: the delayMax of delay must be a parameter expression
