// ARGS: --dump=dae %f
// ERROR: %f:5:7: error: the initialization problem is over-determined: 3 equations for 2 unknowns
// ERROR: %f:6:8: note: equation 'x = 1' is not matched to any unknown
// x has a fixed start value and an initial equation.
model struct_init_over
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
initial equation
  x = 2;
end struct_init_over;
