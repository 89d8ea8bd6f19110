// ARGS: --parse %f
// ERROR: %f:7:1: error: syntax error, unexpected 'end', expecting ';'
model A
  Real x;
equation
  x = 1
end A;
