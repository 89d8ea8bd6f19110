model DelayTimeParam
  Real x = sin(time);
  Real d = 0.1 + 0.05 * sin(time);
  Real z = delay(x, d);
end DelayTimeParam;
// ERROR: %f:4:21: error: the delayTime of delay must be a parameter expression when there is no delayMax
