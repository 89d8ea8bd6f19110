model RecordAsScalar "a record where a number is expected"
  record R
    Real a = 1;
  end R;
  parameter R r;
  Real x = r;
end RecordAsScalar;
// ERROR: %f:6:12: error: 'r' is a record of type 'RecordAsScalar.R' and cannot be used here
