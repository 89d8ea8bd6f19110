model RecordFieldCycle "record fields whose defaults need each other"
  record R
    Real a = b;
    Real b = a + 1;
  end R;
  parameter R r = R();
end RecordFieldCycle;
// ERROR: %f:6:19: error: the value of field 'a' of 'RecordFieldCycle.R' depends on itself
