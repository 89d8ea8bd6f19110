// Constructs the front end does not support yet give a precise error at their location.
model M
  Real x(start = 1);
equation
  der(x) = -x;
  when {x < 0.5, time > 2} then
    reinit(x, 1);
  end when;
end M;
// ERROR: %f:6:8: error: not supported yet: when-conditions that are arrays
