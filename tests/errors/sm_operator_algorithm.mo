// activeState (and ticksInState, timeInState) outside the equations of states and transitions, in
// an algorithm section: not done yet, a located error (never a wrong answer).
model SmOperator_algorithm
  block S
    output Integer y(start = 0);
  equation
    y = previous(y) + 1;
  end S;
  S a;
  S b;
  Integer k(start = 0);
  Boolean act;
equation
  transition(a, b, a.y > 2, immediate = false);
  transition(b, a, b.y > 2, immediate = false);
  initialState(a);
  k = previous(k) + sample(1, Clock(0.1));
algorithm
  act := activeState(a);
end SmOperator_algorithm;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:19:10: error: not supported yet: activeState in an algorithm section (state machines, spec chapter 17)
