model BuiltinArityFn
  function f
    input Real a;
    output Real b;
  algorithm
    b := atan2(a);
  end f;
  Real x;
equation
  x = f(time);
end BuiltinArityFn;
// ERROR: %f:6:10: error: 'atan2' takes 2 arguments, not 1
