// der() in a state (17.1) is a continuous-time equation in the machine's clocked partition: its clock
// needs a solverMethod (16.8.2; tests/models/StateMachines.mo's Integrate has one).
model SmDer
  block S
    Real x(start = 1);
  equation
    der(x) = -x;
  end S;
  S a;
  S b;
equation
  initialState(a);
  transition(a, b, sample(time, Clock(0.1)) > 0.5);
end SmDer;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:7:5: error: der() in a clocked partition whose clock has no solverMethod (spec 16.8.2)
