model ClockSample
  Real x = time;
  Real y;
equation
  y = sample(x);
end ClockSample;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:5:3: error: the clock of this clocked partition cannot be inferred: no clock constructor reaches it (spec 16.7.4)
