// Connections.root is allowed only where a connect-equation is: not in initial equations (spec 9.4).
model CgraphInitial
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
  t.p.theta = 0;
  t.p.v = 1;
initial equation
  Connections.root(t.p.theta);
end CgraphInitial;
// ERROR: %f:31:3: error: 'Connections.root' is not allowed in an initial equation section (spec 9.4: only where a connect-equation is)
