// Continuous-time equations in a state are not done yet (a located 'not supported yet').
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
// ERROR: %f:6:5: error: not supported yet: der() in a state of a state machine (spec 17.1)
