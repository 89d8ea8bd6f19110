model SampleStart
  Integer k(start = 0, fixed = true);
equation
  when sample(time, 0.1) then
    k = pre(k) + 1;
  end when;
end SampleStart;
// ERROR: %f:4:15: error: the start of sample must be a parameter expression
