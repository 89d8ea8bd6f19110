model AlgState
  Real x;
algorithm
  x := sin(time);
equation
  der(x) = 1;
end AlgState;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:3:1: error: 'x' is a state (der(x) is used), so an algorithm section cannot assign it
