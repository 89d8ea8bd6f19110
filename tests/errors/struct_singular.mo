// ARGS: --dump=dae %f
// ERROR: %f:8:7: error: the model is structurally singular: 2 equations involve only 1 unknown
// ERROR: %f:11:3: note: equation 'x * x = 2' is involved
// ERROR: %f:12:3: note: equation '3 * x * x = 1 + sin(x)' is involved
// ERROR: %f:9:8: note: variable 'x' is involved
// ERROR: %f:9:14: note: variable 'z' is not matched to any equation
// Balanced, but two equations determine only x, and y, z share one equation.
model struct_singular
  Real x, y, z;
equation
  x*x = 2;
  3*x*x = 1 + sin(x);
  x + y*z + z = 0;
end struct_singular;
