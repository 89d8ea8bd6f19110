// A component of a record cannot be flow (specification 4.6).
// ERROR: %f:5:15: error: a component of a record cannot be flow (specification 4.6)
model RecordFlow
  record R
    flow Real x;
  end R;
  R r(x = 1);
end RecordFlow;
