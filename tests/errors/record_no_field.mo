model RecordNoField "a named argument of a record constructor that names no field"
  record R
    Real speed = 1;
    Real load = 2;
  end R;
  parameter R r = R(sped = 3);
end RecordNoField;
// ERROR: %f:6:21: error: record 'RecordNoField.R' has no field 'sped'
// ERROR: %f:3:10: note: did you mean 'speed'?
