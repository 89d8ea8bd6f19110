// A flow variable connected to a non-flow one: both named.
connector PinF
  Real v;
  flow Real i;
end PinF;
connector PinE
  Real v;
  Real i;
end PinE;
model M
  PinF a;
  PinE b;
equation
  connect(a, b);
end M;
// MODEL: M
// ERROR: %f:14:3: error: cannot connect flow variable 'a.i' to non-flow variable 'b.i'
