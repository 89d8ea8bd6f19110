// activeState (and ticksInState, timeInState) outside the equations of states and transitions, in
// an initial equation: not done yet, a located error (never a wrong answer).
model SmOperator_initial
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
initial equation
  act = activeState(a);
end SmOperator_initial;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:19:9: error: not supported yet: activeState in an initial equation (state machines, spec chapter 17)
