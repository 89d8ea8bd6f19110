// Two definite roots joined by required edges (spec 9.4.2).
model CgraphTwoRoots
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
equation
  Connections.root(t.p.theta);
  Connections.root(t.n.theta);
  t.p.theta = 0;
  t.p.v = 1;
end CgraphTwoRoots;
// ERROR: %f:29:3: error: definite roots t.p.theta and t.n.theta are joined by required spanning-tree edges (spec 9.4.2)
// ERROR: %f:28:3: note: the other root is defined here
