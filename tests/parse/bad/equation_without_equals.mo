// ARGS: --parse %f
// ERROR: %f:6:8: error: syntax error, expecting '=' (an equation that is not a function call needs two sides)
model A
  Real x;
equation
  x + 1;
end A;
