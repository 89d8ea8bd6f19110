// A linear system with constant coefficients whose matrix is singular is an error when the model is
// compiled, naming its equations (issue 15), not a failure at the first step.
model M
  Real x, y, z;
equation
  x + y = 1;
  z = time;
  2*x + 2*y = 2;
end M;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:6:3: error: 2 equations are linear in 'x', 'y' with constant coefficients, and their matrix is singular: they have no solution or infinitely many
// ERROR: %f:6:3: note: equation 'x + y = 1' is one of them
// ERROR: %f:8:3: note: equation '2 * x + 2 * y = 2' is one of them
