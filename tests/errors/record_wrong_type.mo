model RecordWrongType "a record value of another type, which lacks a field of the component's"
  record A
    Real x;
    Real y;
  end A;
  record B
    Real x;
    Real z;
  end B;
  parameter A a = B(1, 2);
end RecordWrongType;
// ERROR: %f:10:19: error: the value for 'a' is a record of type 'RecordWrongType.B', which has no field 'y' of 'RecordWrongType.A'
// ERROR: %f:4:10: note: 'y' is declared here
