model ExternalArg
  function f
    input Real x;
    output Real y;
  external "C" y = cfun(x + 1);
  end f;
  Real y = f(time);
end ExternalArg;
// ERROR: %f:5:25: error: an argument of an external call must be a variable of the function, size(variable, k) or a constant
