// Only connectors can be connected.
connector Pin
  Real v;
  flow Real i;
end Pin;
model M
  Pin p;
  Real x;
equation
  connect(p, x);
  x = 1;
end M;
// MODEL: M
// ERROR: %f:10:14: error: 'x' is not a connector
