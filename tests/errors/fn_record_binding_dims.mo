model FnRecordBindingDims
  record P
    Real x;
    Real y;
  end P;
  function f
    input Real t;
    output Real y;
  protected
    P[2] a = P(t, 1);
  algorithm
    y := a[1].x;
  end f;
  Real z = f(time);
end FnRecordBindingDims;
// ERROR: %f:10:14: error: cannot bind a record of type 'FnRecordBindingDims.P' to 'a', an array of records of type 'FnRecordBindingDims.P'
