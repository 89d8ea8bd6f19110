// transition and initialState are not allowed in initial equations (spec 17.1: equations only).
model SmInInitial
  block S
  end S;
  S a;
  S b;
initial equation
  initialState(a);
equation
  transition(a, b, true);
end SmInInitial;
// ERROR: %f:8:3: error: initialState is not allowed in an initial equation section (spec 17.1)
