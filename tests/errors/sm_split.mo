// The states of a state machine lie in one state (or in none: spec 17.3.7).
model SmSplit
  block S
  end S;
  block P
    S x;
  end P;
  P p;
  S q;
equation
  initialState(p);
  transition(p, q, true);
  transition(q, p.x, true);
end SmSplit;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:13:17: error: the state 'p.x' lies in 'p' but the initial state of its state machine in no state (spec 17.3.7: a state machine is inside one state)
