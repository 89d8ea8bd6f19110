// A dimension whose parameter is bound to a call of a user-defined function (here one that would
// recurse without end): compile-time evaluation of functions is not done yet, and the message says so
// at the call. Before, it was "an array dimension must be a parameter expression with an integer value".
model EvalFunctionInBinding
  function f
    input Integer n;
    output Integer y;
  algorithm
    y := f(n + 1);
  end f;
  parameter Integer k = f(2);
  Real x[k];
end EvalFunctionInBinding;
// ERROR: %f:11:25: error: not supported yet: evaluating the function 'EvalFunctionInBinding.f' at compile time (in the value of 'k')
// ERROR: %f:12:10: note: an array dimension needs it here
