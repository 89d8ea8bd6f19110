model FnRecordBindingField
  record P
    Real x;
    Real y;
  end P;
  record Q
    Real x;
    Real w;
  end Q;
  function f
    input Real t;
    output Real y;
  protected
    P p = Q(t, 1);
  algorithm
    y := p.x;
  end f;
  Real z = f(time);
end FnRecordBindingField;
// ERROR: %f:14:11: error: record 'FnRecordBindingField.Q' has no field 'y' of 'p'
