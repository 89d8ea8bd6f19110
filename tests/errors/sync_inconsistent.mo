model SyncInconsistent
  Real u = sample(time, Clock(1, 10));
  Real v = subSample(u, 2);
  Real w = superSample(u, 3);
  Real z = v + w;
end SyncInconsistent;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:4:12: error: the sub-clocks of this partition are inconsistent: no clock satisfies all its sub-sampling factors (spec 16.7.4)
