// A connection graph of overdetermined connectors without a root (spec 9.4.2).
model CgraphNoRoot
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
  Two a, b;
equation
  connect(a.n, b.p);
  a.p.theta = 0;
  a.p.v = 1;
end CgraphNoRoot;
// ERROR: %f:28:3: error: the connection graph of overdetermined connectors that joins a.n.theta and b.p.theta has no root: it needs Connections.root or Connections.potentialRoot (spec 9.4.2)
