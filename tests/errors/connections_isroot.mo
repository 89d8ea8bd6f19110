// Overdetermined connection graphs (spec 9.4) are not done yet: Connections.isRoot says so.
model ConnectionsIsRoot
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
  p.ref.theta = if Connections.isRoot(p.ref) then time else 0;
  p.v = 1;
end ConnectionsIsRoot;
// ERROR: %f:19:20: error: not supported yet: 'Connections.isRoot' (overdetermined connection graphs, spec 9.4)
