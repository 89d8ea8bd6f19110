// n ^ 2 is Real even for an Integer n (specification 10.6.7): a function cannot assign it to an Integer,
// as a model cannot bind one to it (tests/errors: types).
model FnIntPow
  function f
    input Integer n;
    output Integer y;
  algorithm
    y := n ^ 2;
  end f;
  Integer k = f(3);
end FnIntPow;
// ERROR: %f:8:10: error: cannot assign a Real value to Integer variable 'y'
// ERROR: %f:10:15: note: in a call of 'FnIntPow.f'
