// ARGS: --parse %f
// ERROR: %f:4:21: error: syntax error, unexpected '<'
model A
  Boolean b = 1 < 2 < 3;
end A;
