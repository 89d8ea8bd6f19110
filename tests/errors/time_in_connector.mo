// time is available in models and blocks only (spec 3.6.7): not in a connector's declarations.
connector C
  Real x = time;
  flow Real f;
end C;
model M
  C c;
end M;
// MODEL: M
// ERROR: %f:3:12: error: 'time' is not available in a connector, only in models and blocks (specification 3.6.7)
