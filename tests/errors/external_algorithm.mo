model ExternalAlgorithm
  function f
    input Real x;
    output Real y;
  algorithm
    y := x;
  external "C" y = cfun(x);
  end f;
  Real y = f(time);
end ExternalAlgorithm;
// ERROR: %f:2:12: error: external function 'ExternalAlgorithm.f' cannot have an algorithm section as well
