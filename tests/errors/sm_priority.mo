// The transitions leaving one state have different priorities (spec 17.1), and a priority is at least 1.
model SmPriority
  block S
  end S;
  S a;
  S b;
  S c;
equation
  initialState(a);
  transition(a, b, true);
  transition(a, c, true, immediate = false);
  transition(b, c, true, priority = 0);
end SmPriority;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:12:37: error: the priority of a transition must be at least 1, not 0 (spec 17.1)
