model SyncSampleClocked
  Real u = sample(time, Clock(0.1));
  Real y = sample(u, Clock(0.1));
end SyncSampleClocked;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:3:19: error: the argument of sample must be unclocked, but 'u' is clocked (spec 16.5.1)
