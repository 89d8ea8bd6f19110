model SyncDerClocked
  Real u = sample(time, Clock(0.1));
  Real x(start = 0);
equation
  der(x) = u;
end SyncDerClocked;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:5:3: error: der() in a clocked partition whose clock has no solverMethod (spec 16.8.2)
