// A when-equation cannot assign a state: reinit changes it.
model M
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  when x < 0.5 then
    x = 1;
  end when;
end M;
// ARGS: --dump=dae %f
// ERROR: %f:7:5: error: 'x' is a state (der(x) is used), so a when-equation cannot assign it; use reinit(x, ...)
