// ticksInState() is only used in a state machine (spec 17.1): in a state or a transition's condition.
model SmTicksOutside
  block S
    output Integer n(start = 0);
  equation
    n = previous(n) + 1;
  end S;
  S a;
  S b;
  Integer k = ticksInState();
equation
  initialState(a);
  transition(a, b, a.n > 2);
end SmTicksOutside;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:10:15: error: ticksInState can only be used in a state of a state machine or in the condition of a transition (spec 17.1)
