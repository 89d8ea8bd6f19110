model AlgLoopTwo
  Real x, y;
algorithm
  y := 1 + 0.5 * sin(x);
algorithm
  x := y + time;
end AlgLoopTwo;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:5:1: error: not supported yet: an algorithm section in an algebraic loop (2 equations and unknowns solved together)
