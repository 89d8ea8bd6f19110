// ARGS: --parse %f
// ERROR: %f:4:18: error: syntax error, unexpected ';', expecting ')'
model A
  Real x = (1 + 2;
end A;
