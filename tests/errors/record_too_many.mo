model RecordTooMany "more positional arguments than the record has inputs (its final field is none)"
  record R
    Real a;
    final parameter Real b = 2;
  end R;
  parameter R r = R(1, 2);
end RecordTooMany;
// ERROR: %f:6:24: error: too many arguments for the constructor of record 'RecordTooMany.R'
// ERROR: %f:2:10: note: 'R' is declared here
