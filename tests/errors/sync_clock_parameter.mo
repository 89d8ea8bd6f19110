model SyncClockParameter
  parameter Clock c = Clock(0.1);
  Real y = sample(time, c);
end SyncClockParameter;
// ARGS: --flat %f
// ERROR: %f:2:19: error: a Clock variable cannot be declared parameter (spec 16.3)
