// Connections.rooted needs exactly one branch with its argument first (spec 9.4.1).
model CgraphRooted
  type Phase
    extends Real;
    function equalityConstraint
      input Phase a;
      input Phase b;
      output Real residue[0];
    algorithm
      residue := fill(a - b, 0);
    end equalityConstraint;
  end Phase;
  connector Pin
    Phase theta;
    Real v;
    flow Real i;
  end Pin;
  model Two
    Pin p, n;
  equation
    Connections.branch(p.theta, n.theta);
    p.theta = n.theta;
    p.v = n.v;
    p.i + n.i = 0;
  end Two;
  Two t;
  Boolean r = Connections.rooted(t.n.theta);
equation
  Connections.root(t.p.theta);
  t.p.theta = 0;
  t.p.v = 1;
end CgraphRooted;
// ERROR: %f:27:15: error: Connections.rooted(a.R) needs exactly one Connections.branch(a.R, b.R) with a.R first (spec 9.4.1); t.n.theta is the first argument of none
