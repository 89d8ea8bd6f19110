// A state machine needs one and only one initialState (spec 17.1).
model SmTwoInitial
  block S
  end S;
  S a;
  S b;
equation
  initialState(a);
  transition(a, b, true);
  initialState(b);
end SmTwoInitial;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:10:3: error: a second initialState in the state machine of 'b' (spec 17.1: one and only one)
// ERROR: %f:8:3: note: the first is here
