// A state machine needs one and only one initialState (spec 17.1).
model SmNoInitial
  block S
  end S;
  S a;
  S b;
equation
  transition(a, b, true);
end SmNoInitial;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:8:3: error: the state machine of 'a' has no initialState (spec 17.1)
