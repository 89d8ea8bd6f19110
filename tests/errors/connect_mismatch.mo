// Connectors with different contents.
connector A
  Real v;
  flow Real i;
end A;
connector B
  Real u;
  flow Real i;
end B;
model M
  A a;
  B b;
equation
  connect(a, b);
end M;
// MODEL: M
// ERROR: %f:14:3: error: cannot connect 'a' to 'b': 'b' has no element 'v'
