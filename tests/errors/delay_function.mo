model DelayFunction
  function f
    input Real u;
    output Real y;
  algorithm
    y := delay(u, 1);
  end f;
  Real y = f(time);
end DelayFunction;
// ERROR: %f:6:10: error: 'delay' cannot be used in a function
