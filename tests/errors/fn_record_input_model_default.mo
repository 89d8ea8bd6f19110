model FnRecordInputModelDefault
  record P
    Real x;
    Real y;
  end P;
  function f
    input Real t;
    input P p;
    output Real y;
  algorithm
    y := p.x + t;
  end f;
  function f2 = f(p = P(k, 2));
  parameter Real k = 3;
  Real z = f2(time);
end FnRecordInputModelDefault;
// ERROR: %f:13:23: error: not supported yet: a default of the record input 'p' given by a modifier in a model
