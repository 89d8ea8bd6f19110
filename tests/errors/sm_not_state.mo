// activeState's argument is a state of a state machine; a state is a block instance (spec 17.1).
model SmNotState
  block S
    output Integer n(start = 0);
  equation
    n = previous(n) + 1;
  end S;
  S a;
  S b;
  S c;
  Boolean x = activeState(c);
equation
  initialState(a);
  transition(a, b, a.n > 2);
end SmNotState;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:11:15: error: 'c' is no state of a state machine: the argument of activeState must be one (spec 17.1)
