model EvalFunctionDimension
  // a function that calls itself without end, in a dimension: functions are not evaluated at compile
  // time yet, which is what the message says (not that f(1) would not be a parameter expression)
  function f
    input Integer n;
    output Integer m;
  algorithm
    m := f(n + 1);
  end f;
  Real x[f(1)];
equation
  x = fill(1, size(x, 1));
end EvalFunctionDimension;
// ERROR: %f:10:10: error: not supported yet: evaluating the function 'EvalFunctionDimension.f' at compile time (in an array dimension)
