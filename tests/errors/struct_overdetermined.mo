// ARGS: --dump=dae %f
// ERROR: %f:5:7: error: the model has 2 equations but 1 unknown
// ERROR: %f:9:3: note: equation 'x * x = 4' is not matched to any unknown
// One equation too many.
model struct_overdetermined
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  x*x = 4;
end struct_overdetermined;
