model AlgLoop
  Real x;
  Integer n;
algorithm
  x := 1 + n;
equation
  n = integer(0.5 * x + time);
end AlgLoop;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:4:1: error: not supported yet: an algorithm section in an algebraic loop whose other unknowns include the Boolean, Integer or enumeration 'n'
// ERROR: %f:7:3: note: equation 'n = integer(0.5 * x + time)' is in the loop
