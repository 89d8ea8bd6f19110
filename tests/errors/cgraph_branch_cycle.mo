// Connections.branch edges that close a cycle cannot be in a spanning tree (spec 9.4.2).
model CgraphBranchCycle
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
  Connections.branch(t.n.theta, t.p.theta);
  Connections.root(t.p.theta);
  t.p.theta = 0;
  t.p.v = 1;
end CgraphBranchCycle;
// ERROR: %f:28:3: error: Connections.branch(t.n.theta, t.p.theta) closes a cycle of required spanning-tree edges (spec 9.4.2)
