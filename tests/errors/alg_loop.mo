model AlgLoop
  Real x, y;
algorithm
  y := 1 + 0.5 * x;
equation
  x = 2 * y + time;
end AlgLoop;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:3:1: error: not supported yet: an algorithm section in an algebraic loop (2 equations and unknowns solved together)
// ERROR: %f:6:3: note: equation 'x = 2 * y + time' is in the loop
