model SampleVar
  Real x(start = 0.1, fixed = true);
  Integer k(start = 0, fixed = true);
equation
  der(x) = 1;
  when sample(0, x) then
    k = pre(k) + 1;
  end when;
end SampleVar;
// ERROR: %f:6:18: error: the interval of sample must be a parameter expression
