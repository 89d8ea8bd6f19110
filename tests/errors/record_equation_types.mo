model RecordEquationTypes "an equation between records of different types"
  record A
    Real x;
  end A;
  record B
    Real u;
  end B;
  A a;
  B b;
equation
  a = B(time);
  b.u = 1;
end RecordEquationTypes;
// ERROR: %f:11:3: error: the right side is a record of type 'RecordEquationTypes.B', which has no field 'x' of 'RecordEquationTypes.A'
