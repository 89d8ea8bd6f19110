// A loop of overdetermined connectors whose equalityConstraint has a residue (spec 9.4.3): frames carry
// a direction (c, s), one degree of freedom (simple connectors: no flow). f is the root; r1 turns by 1,
// r2 by an unknown angle; the connect that closes the loop (r2.n to f.p) is outside the spanning tree,
// so instead of r2.n.d = f.p.d it gives 0 = Dir.equalityConstraint(r2.n.d, f.p.d), one equation, which
// finds r2.alpha. Closed forms (tests/sim/overdetermined.sh): r2.alpha = -1, c1 = cos(0.3 + t + 1).
// MODEL: OverdeterminedLoop
record Dir "a direction in the plane: a unit vector, one degree of freedom"
  Real c;
  Real s;
  function equalityConstraint
    input Dir a;
    input Dir b;
    output Real residue[1];
  algorithm
    residue := {a.c * b.s - a.s * b.c};
  end equalityConstraint;
end Dir;

connector Frame
  Dir d;
end Frame;

model Fixed
  Frame p;
  parameter Real phi = 0;
  parameter Real w(unit = "1/s") = 1 "turning rate";
equation
  Connections.root(p.d);
  p.d.c = cos(phi + w * time);
  p.d.s = sin(phi + w * time);
end Fixed;

model Rot
  Frame p, n;
  Real alpha;
equation
  Connections.branch(p.d, n.d);
  n.d.c = p.d.c * cos(alpha) - p.d.s * sin(alpha);
  n.d.s = p.d.s * cos(alpha) + p.d.c * sin(alpha);
end Rot;

model OverdeterminedLoop
  Fixed f(phi = 0.3);
  Rot r1(alpha = 1), r2;
  Real c1 = r1.n.d.c;
  Real a2 = r2.alpha;
equation
  connect(f.p, r1.p);
  connect(r1.n, r2.p);
  connect(r2.n, f.p);
end OverdeterminedLoop;
