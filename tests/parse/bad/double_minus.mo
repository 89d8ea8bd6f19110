// ARGS: --parse %f
// ERROR: %f:4:16: error: syntax error, unexpected '-'
model A
  Real x = a - -b;
end A;
