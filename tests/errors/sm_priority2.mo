// The transitions leaving one state have different priorities (spec 17.1).
model SmPriority2
  block S
  end S;
  S a;
  S b;
  S c;
equation
  initialState(a);
  transition(a, b, true);
  transition(a, c, true, immediate = false);
end SmPriority2;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:11:3: error: two transitions from 'a' have the priority 1 (spec 17.1: the transitions leaving a state have different priorities)
// ERROR: %f:10:3: note: the other is here
