// A partial application that gives a function's functional input a function that binds inputs of its own
// (function g(f = function line(a = time))): not done yet, a clear error.
model FnFunctionalSubBound
  partial function F
    input Real x;
    output Real y;
  end F;
  function line
    extends F;
    input Real a;
  algorithm
    y := a*x;
  end line;
  function apply
    input Real x;
    input F f;
    output Real y;
  algorithm
    y := f(x);
  end apply;
  function g
    input Real x;
    input Real b;
    input F f;
    output Real z;
  algorithm
    z := f(x) + b;
  end g;
  Real r = apply(1, function g(b = 2, f = function line(a = time)));
end FnFunctionalSubBound;
// ERROR: %f:29:39: error: not supported yet: a function that binds inputs (a) given to the functional input 'f' in a partial application of 'FnFunctionalSubBound.g'
