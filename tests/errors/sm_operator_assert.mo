// activeState (and ticksInState, timeInState) outside the equations of states and transitions, in
// an assert: not done yet, a located error (never a wrong answer).
model SmOperator_assert
  block S
    output Integer y(start = 0);
  equation
    y = previous(y) + 1;
  end S;
  S a;
  S b;
  Integer k(start = 0);
equation
  transition(a, b, a.y > 2, immediate = false);
  transition(b, a, b.y > 2, immediate = false);
  initialState(a);
  k = previous(k) + sample(1, Clock(0.1));
  assert(activeState(a) or timeInState() >= 0, "neither");
end SmOperator_assert;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:17:10: error: not supported yet: activeState in an assert (state machines, spec chapter 17)
