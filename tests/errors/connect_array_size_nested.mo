// Connectors whose array elements differ in size: the message names the elements.
connector A
  Real x[2];
  flow Real i[2];
end A;
connector B
  Real x[3];
  flow Real i[3];
end B;
model M
  A a;
  B b;
equation
  connect(a, b);
end M;
// MODEL: M
// ERROR: %f:14:3: error: cannot connect 'a.x' to 'b.x': their sizes differ
