// Constructs the front end does not support yet give a precise error at their location.
model M
  Real x(start = 1);
equation
  der(x) = -x;
  when x < 0.5 then
    reinit(x, 1);
  end when;
end M;
// ERROR: %f:6:3: error: not supported yet: when-equations
