// The interval of sample() must be positive (3.7.5): a literal or a parameter bound to one is checked
// at compile time.
// ERROR: %f:9:18: error: the interval of sample must be positive, not 0
// ERROR: %f:12:18: error: the interval of sample must be positive, not -0.5
model SampleInterval
  parameter Real T = -0.5;
  Real y, z;
equation
  when sample(0, 0) then
    y = 1;
  end when;
  when sample(0, T) then
    z = 1;
  end when;
end SampleInterval;
