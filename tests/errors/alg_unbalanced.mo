model AlgUnbalanced
  Real x, y;
algorithm
  x := 1;
equation
  x = 2 * y;
  y = time;
end AlgUnbalanced;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:1:7: error: the model has 3 equations but 2 unknowns
// ERROR: %f:3:1: note: the algorithm section that assigns 'x' is not matched to any unknown
