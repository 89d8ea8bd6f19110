model CardinalityArray
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  Pin p[2];
  Integer n = cardinality(p);
equation
  p.v = {1, 2};
end CardinalityArray;
// ERROR: %f:7:27: error: cardinality cannot be applied to an array of connectors, only to its elements
