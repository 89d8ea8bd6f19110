model SyncNoClock
  Integer k(start = 0);
equation
  k = previous(k) + 1;
end SyncNoClock;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:4:3: error: the clock of this clocked partition cannot be inferred: no clock constructor reaches it (spec 16.7.4)
