model AlgRecordClass
  connector C
    Real e;
    flow Real f;
  algorithm
    e := 1.0;
  end C;
  C c;
end AlgRecordClass;
// ERROR: %f:5:3: error: a connector cannot have algorithm sections
