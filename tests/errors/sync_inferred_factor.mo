model SyncInferredFactor
  Real u = sample(time, Clock(1, 10));
  Real y = superSample(u);
  Real z = sample(time, Clock(3, 100));
  Real w = y + z;
end SyncInferredFactor;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:3:12: error: the inferred factor of superSample is not a whole number: the clocks on its two sides tick every 0.1 s and 0.03 s (spec 16.5.2)
