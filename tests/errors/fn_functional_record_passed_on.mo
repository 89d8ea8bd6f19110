model FnFunctionalRecordPassedOn
  partial function F
    input Real x;
    output Real y;
  end F;
  record R
    Real a;
  end R;
  function g
    extends F;
    input R r;
  algorithm
    y := r.a * x;
  end g;
  function apply
    input F f;
    output Real y;
  algorithm
    y := f(1);
  end apply;
  function passOn
    input F f;
    output Real y;
  algorithm
    y := apply(f);
  end passOn;
  Real z = passOn(function g(r = R(time)));
end FnFunctionalRecordPassedOn;
// ERROR: %f:25:16: error: not supported yet: passing on 'f', whose function binds the record input 'r'
