// ARGS: --parse %f
// ERROR: %f:4:15: error: syntax error, unexpected '^'
model A
  Real x = a^b^c;
end A;
