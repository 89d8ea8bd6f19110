model CardinalityConnect
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  Pin p, q;
equation
  if cardinality(p) == 0 then
    connect(p, q);
  end if;
  q.v = 1;
end CardinalityConnect;
// ERROR: %f:8:3: error: an if-equation whose condition uses cardinality or Connections.isRoot cannot hold connect-equations (spec 9.1)
