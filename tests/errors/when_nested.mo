// When-equations do not nest.
model M
  Real x(start = 1, fixed = true);
  Boolean a, b;
equation
  der(x) = -x;
  when x < 0.5 then
    a = true;
    when x < 0.2 then
      b = true;
    end when;
  end when;
end M;
// ERROR: %f:9:5: error: when-equations cannot be nested
