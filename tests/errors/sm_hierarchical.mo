// A state machine inside a state (17.3.7) is not done yet: a located 'not supported yet'.
model SmHierarchical
  block Inner
    block S
    end S;
    S x;
    S y;
  equation
    initialState(x);
    transition(x, y, true, immediate = false);
  end Inner;
  block S
  end S;
  Inner a;
  S b;
equation
  initialState(a);
  transition(a, b, activeState(a.y), immediate = false);
end SmHierarchical;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:9:18: error: not supported yet: a state machine inside the state 'a' (hierarchical state machines, spec 17.3)
