// Overdetermined connection graphs (spec 9.4) are not done yet: Connections.root says so.
model ConnectionsRoot
  record Ref
    Real theta;
    function equalityConstraint
      input Ref r1;
      input Ref r2;
      output Real residue[0];
    algorithm
    end equalityConstraint;
  end Ref;
  connector P
    Real v;
    flow Real i;
    Ref ref;
  end P;
  P p;
equation
  Connections.root(p.ref);
  p.ref.theta = time;
  p.v = 1;
end ConnectionsRoot;
// ERROR: %f:19:3: error: not supported yet: 'Connections.root' (overdetermined connection graphs, spec 9.4)
