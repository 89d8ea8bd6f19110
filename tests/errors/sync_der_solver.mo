model SyncDerSolver
  Clock c = Clock(Clock(0.1), solverMethod = "ExplicitEuler");
  Real u = sample(time, c);
  Real x(start = 0);
equation
  der(x) = u;
end SyncDerSolver;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:6:3: error: not supported yet: der() in a clocked partition (continuous-time equations discretized by a solverMethod, spec 16.8)
