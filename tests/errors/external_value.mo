model ExternalValue
  function f
    input Real x;
    output Real y[2];
  external "C" y = cfun(x);
  end f;
  Real y[2] = f(time);
end ExternalValue;
// ERROR: %f:5:16: error: the value of an external call goes to a scalar output of the function
