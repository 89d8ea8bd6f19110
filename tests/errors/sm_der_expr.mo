// der() of an expression in a state is not done yet (der(x) of a variable is: StateMachines.Integrate).
model SmDerExpr
  block S
    Real x(start = 1);
    Real y;
  equation
    der(x + y) = -x;
    y = 1;
  end S;
  S a;
  S b;
equation
  initialState(a);
  transition(a, b, sample(time, Clock(Clock(0.1), solverMethod = "ExplicitEuler")) > 0.5);
end SmDerExpr;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:7:5: error: not supported yet: der() of an expression in a state of a state machine (der(x) of a variable x is)
