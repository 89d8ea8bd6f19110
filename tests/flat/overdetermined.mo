// Overdetermined connectors (spec 9.4): every pin carries a reference angle theta of an overdetermined
// type (its equalityConstraint has an empty residue, as Modelica.Electrical.QuasiStatic's Reference).
// The circuit (source, r1 and c in a ring, r2 across the source, a ground) makes loops in the connection
// graph: the connects that close them lose their theta equation, so the model is balanced. The source's
// pin is the definite root; the ground's potential root is not chosen (isRoot false: no equation of its
// own); c is connected the other way round, so rooted(c.p.theta) is false and rooted(r1.p.theta) true.
// Two instances of the composite RC (connects inside each) charge across the source too.
// Closed forms (tests/sim/overdetermined.sh): u = u2 = 2 (1 - exp(-2 t)), th = time / 2, i2 = 2.
// MODEL: Overdetermined
type Phase "a reference angle"
  extends Real;
  function equalityConstraint
    input Phase a;
    input Phase b;
    output Real residue[0];
  algorithm
  end equalityConstraint;
end Phase;

connector Pin
  Phase theta;
  Real v;
  flow Real i;
end Pin;

partial model TwoPin
  Pin p, n;
equation
  Connections.branch(p.theta, n.theta);
  p.theta = n.theta;
  p.i + n.i = 0;
end TwoPin;

model Source
  extends TwoPin;
  parameter Real V = 1;
equation
  Connections.root(p.theta);
  p.theta = time / 2;
  p.v - n.v = V;
end Source;

model Resistor
  extends TwoPin;
  parameter Real R = 1;
  parameter Boolean up = Connections.rooted(p.theta) "p nearer the root than n";
equation
  p.v - n.v = R * p.i;
end Resistor;

model Capacitor
  extends TwoPin;
  parameter Real C = 1;
  parameter Boolean up = Connections.rooted(p.theta);
equation
  C * der(p.v - n.v) = p.i;
end Capacitor;

model Ground
  Pin p;
equation
  Connections.potentialRoot(p.theta, priority = 1);
  if Connections.isRoot(p.theta) then
    p.theta = 0;
  end if;
  p.v = 0;
end Ground;

model RC "a composite: its connects are graph edges too, in each of its instances"
  Pin p, n;
  Resistor r(R = 1);
  Capacitor c(C = 0.5);
equation
  connect(p, r.p);
  connect(r.n, c.p);
  connect(c.n, n);
end RC;

model Overdetermined
  Source s(V = 2);
  RC rc1, rc2;
  Resistor r1(R = 1);
  Resistor r2(R = 1);
  Capacitor c(C = 0.5);
  Ground g;
  Real u = c.n.v - c.p.v "the capacitor's voltage, charged through r1";
  Real th = c.p.theta;
  Real i2 = r2.p.i;
  Real up1 = if r1.up then 1 else 0;
  Real upc = if c.up then 1 else 0;
  Real u2 = rc2.c.p.v - rc2.c.n.v;
equation
  connect(rc1.p, s.p);
  connect(rc1.n, s.n);
  connect(rc2.p, s.p);
  connect(rc2.n, s.n);
  connect(s.p, r1.p);
  connect(r1.n, c.n);
  connect(c.p, s.n);
  connect(r2.p, r1.p);
  connect(r2.n, s.n);
  connect(g.p, s.n);
end Overdetermined;
