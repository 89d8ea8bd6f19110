// ARGS: --parse %f
// ERROR: %f:5:15: error: syntax error, unexpected ',', expecting ')' or '[' or '.'
model A
equation
  connect(a, b, c);
end A;
