// A connect of arrays of connectors that closes a loop of overdetermined connectors with a residue: its
// equalityConstraint equations are not written yet for elements inside such arrays.
model CgraphLoop
  type Phase
    extends Real;
    function equalityConstraint
      input Phase a;
      input Phase b;
      output Real residue[1];
    algorithm
      residue := {a - b};
    end equalityConstraint;
  end Phase;
  connector Pin
    Phase theta;
  end Pin;
  model Two
    Pin p[1], n[1];
  equation
    Connections.branch(p[1].theta, n[1].theta);
    p[1].theta = n[1].theta;
  end Two;
  Two a, b;
equation
  Connections.root(a.p[1].theta);
  connect(a.n, b.p);
  connect(b.n, a.p);
  a.p[1].theta = 0;
end CgraphLoop;
// ERROR: %f:27:3: error: not supported yet: this connect closes a loop of overdetermined connectors (b.n[1].theta and a.p[1].theta) inside an array of connectors, which needs 0 = CgraphLoop.Phase.equalityConstraint(...) (spec 9.4.3)
