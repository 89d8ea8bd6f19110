// ARGS: --parse %f
// ERROR: %f:5:1: error: syntax error, unexpected 'end', expecting '}'
model A
  Real x[2] = {1, 2
end A;
