model CardinalityNotConnector
  Real x = time;
  Integer n = cardinality(x);
end CardinalityNotConnector;
// ERROR: %f:3:27: error: the argument of cardinality must be a connector
