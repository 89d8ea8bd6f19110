model FnRecordBindingValue
  record P
    Real x;
    Real y;
  end P;
  function f
    input Real t;
    output Real y;
  protected
    P p = t;
  algorithm
    y := p.x;
  end f;
  Real z = f(time);
end FnRecordBindingValue;
// ERROR: %f:10:11: error: 'p' is a record: its binding must be a record
