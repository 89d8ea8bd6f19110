model RecordMissingField "a record constructor call that gives no value to a field without a default"
  record R
    Real a = 1;
    Real b;
  end R;
  parameter R r = R(a = 2);
end RecordMissingField;
// ERROR: %f:6:19: error: missing value of field 'b' in the constructor of 'RecordMissingField.R'
// ERROR: %f:4:10: note: 'b' is declared here
