model SyncTwoClocks
  Real u = sample(time, Clock(0.1));
  Real v = sample(time, Clock(0.2));
  Real w = u + v;
end SyncTwoClocks;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:3:25: error: a base partition has more than one clock (spec 16.3.1)
// ERROR: %f:2:25: note: the other clock
