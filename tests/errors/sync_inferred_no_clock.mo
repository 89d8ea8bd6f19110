// Parts of a clocked partition joined only by a factor left out (superSample(u)) and reached by no clock
// constructor: the default clock (16.3.1) would go to the fastest part, whose factor nothing fixes.
model SyncInferredNoClock
  Real u, y;
equation
  u = sample(time);
  y = superSample(u);
end SyncInferredNoClock;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:6:3: error: not supported yet: a clocked partition whose parts are joined only by inferred factors (subSample(u), superSample(u), noClock) and not all reached by a clock constructor (spec 16.7.4)
