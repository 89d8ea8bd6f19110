model SyncDerSolver
  Clock c = Clock(Clock(0.1), solverMethod = "ExplicitRungeKutta4");
  Real u = sample(time, c);
  Real x(start = 0);
equation
  der(x) = u;
end SyncDerSolver;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:6:3: error: not supported yet: the solverMethod "ExplicitRungeKutta4" ("ExplicitEuler", "ImplicitEuler" and "ImplicitTrapezoid" are, spec 16.8.2)
