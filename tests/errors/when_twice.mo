// A variable is assigned by one when-equation only.
model M
  Real x(start = 1, fixed = true);
  Integer n(start = 0);
equation
  der(x) = -x;
  when x < 0.5 then
    n = 1;
  end when;
  when x < 0.2 then
    n = 2;
  end when;
end M;
// ARGS: --dump=dae %f
// ERROR: %f:11:5: error: 'n' is assigned in two when-equations
// ERROR: %f:8:5: note: the other assignment of 'n' is here
