model ClockSample
  Real x = time;
  Real y;
equation
  y = sample(x);
end ClockSample;
// ARGS: --flat %f
// ERROR: %f:5:7: error: not supported yet: sample(u) of a clocked partition (synchronous language elements, spec chapter 16)
