model SyncSystem
  Clock ci = Clock(Clock(0.1), solverMethod = "ImplicitEuler");
  Real ui = sample(1.0, ci);
  Real xi(start = 1);
equation
  der(xi) = -xi + ui;
end SyncSystem;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:6:3: error: not supported yet: a system of equations at a clock tick (through 'der(xi)'; each clocked equation is solved for one variable in turn)
