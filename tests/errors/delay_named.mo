model DelayNamed
  Real x = sin(time);
  Real w = delay(x, delayTime = 1, delay = 2);
end DelayNamed;
// ERROR: %f:3:36: error: delay has no argument 'delay'
