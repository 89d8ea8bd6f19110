within Olib;
model Ball
  Real h(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
equation
  der(h) = v;
  der(v) = -Olib.g;
end Ball;
