// A connect that closes a loop needs 0 = equalityConstraint(a, b), not done yet for a residue of size > 0.
model CgraphLoop
  type Phase
    extends Real;
    function equalityConstraint
      input Phase a;
      input Phase b;
      output Real residue[1];
    algorithm
      residue := fill(a - b, 1);
    end equalityConstraint;
  end Phase;
  connector Pin
    Phase theta;
    flow Real i;
  end Pin;
  model Two
    Pin p, n;
  equation
    Connections.branch(p.theta, n.theta);
    p.theta = n.theta;
    p.i + n.i = 0;
  end Two;
  Two a, b;
equation
  Connections.root(a.p.theta);
  connect(a.n, b.p);
  connect(b.n, a.p);
  a.p.theta = 0;
end CgraphLoop;
// ERROR: %f:28:3: error: not supported yet: this connect closes a loop of overdetermined connectors (b.n.theta and a.p.theta), which needs the equations 0 = CgraphLoop.Phase.equalityConstraint(...) (spec 9.4.3)
