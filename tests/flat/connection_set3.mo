// Connection sets with 3 and 4 members built from separate connects: one set, potentials equal to the
// first member, one flow sum; a connector of the model itself enters the sum with a minus sign.
connector Pin
  Real v;
  flow Real i;
end Pin;
model Two
  Pin a, b;
equation
  a.v - b.v = a.i;
  a.i + b.i = 0;
end Two;
model M
  Pin outside;
  Two x, y, z;
equation
  connect(x.b, y.a);
  connect(z.a, y.a);
  connect(outside, x.b);
  connect(x.a, y.b);
  connect(y.b, z.b);
  x.a.v = 0;
end M;
// MODEL: M
