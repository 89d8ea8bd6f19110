// A state is a block instance (spec 17.1).
model SmNotBlock
  block S
  end S;
  S a;
  Real x;
equation
  initialState(a);
  transition(a, x, true);
  x = 1;
end SmNotBlock;
// ERROR: %f:9:17: error: the state of transition must be a block instance (spec 17.1)
