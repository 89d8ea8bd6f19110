model FnRecordAssign "a record assigned a number, a record used as a number, in a function"
  record R
    Real x;
  end R;
  function f
    input Real u;
    output R c;
  algorithm
    c := u;
  end f;
  function g
    input R a;
    output Real y;
  algorithm
    y := 2 * a;
  end g;
  R a = f(time);
  Real y = g(a);
end FnRecordAssign;
// ERROR: %f:9:10: error: 'c' is a record: it can only be assigned a record
