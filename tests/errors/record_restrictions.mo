// What a record may hold (specification 4.6): no equation sections, no protected elements, no
// input, output, flow or stream components (connectors: no equations either).
// ERROR: %f:8:3: error: a record cannot have equation sections (specification 4.6)
model RecordRestrictions
  record R
    Real x;
    Real y;
  equation
    x = 1.0;
  end R;
  R r(y = 2);
end RecordRestrictions;
