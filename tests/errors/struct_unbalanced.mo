// ARGS: --dump=dae %f
// ERROR: %f:5:7: error: the model has 1 equation but 2 unknowns
// ERROR: %f:7:8: note: variable 'y' is not matched to any equation
// One unknown too many: y has no equation.
model struct_unbalanced
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = -x;
end struct_unbalanced;
