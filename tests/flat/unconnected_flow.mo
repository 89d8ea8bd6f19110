// A flow variable that no connect reaches is zero, for components' connectors (inside) and for the
// model's own connectors (spec 9.2); connected ones get the flow sum instead.
connector Pin
  Real v;
  flow Real i;
end Pin;
model Res
  Pin p, n;
  parameter Real R = 1;
equation
  p.v - n.v = R*p.i;
  p.i + n.i = 0;
end Res;
model M
  Pin top;
  Res r1, r2;
equation
  connect(r1.n, r2.p);
  r1.p.v = 1;
  r2.n.v = 0;
end M;
// MODEL: M
