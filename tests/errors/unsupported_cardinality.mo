model Card
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  Pin p;
  Real n;
equation
  p.v = 0;
  n = cardinality(p);
end Card;
// ERROR: %f:10:7: error: not supported yet: cardinality
