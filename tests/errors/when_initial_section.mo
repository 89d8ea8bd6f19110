// when-equations belong to equation sections, not initial ones.
model M
  Real x(start = 1, fixed = true);
  Boolean b;
equation
  der(x) = -x;
  b = x > 0.5;
initial equation
  when x < 0.5 then
    reinit(x, 1);
  end when;
end M;
// ERROR: %f:9:3: error: when-equations are not allowed in an initial equation section
