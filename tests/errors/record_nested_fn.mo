model RecordNestedFn "records nested in records are not supported in functions yet"
  record A
    Real x[2];
  end A;
  record B
    A a;
  end B;
  function f
    input B b;
    output Real r;
  algorithm
    r := b.a.x[1];
  end f;
  B b(a(x = {1, 2}));
  Real z = f(b);
end RecordNestedFn;
// ERROR: %f:6:7: error: not supported yet: nested records in functions
// ERROR: %f:9:13: note: the record is used here
