model RecordArgType "a record argument given by an expression must be a record of the input's type"
  record A
    Real x;
  end A;
  record B
    Real y;
  end B;
  function f
    input A a;
    output Real r;
  algorithm
    r := a.x;
  end f;
  parameter Boolean c = true;
  B b1(y = 1), b2(y = 2);
  Real z = f(if c then b1 else b2);
end RecordArgType;
// ERROR: %f:16:14: error: argument 'a' of 'RecordArgType.f' must be a record of type 'RecordArgType.A', not 'RecordArgType.B'
