// ARGS: --parse %f
// ERROR: %f:6:3: error: syntax error, unexpected 'stream'
model A
  Real x;
equation
  stream = x;
end A;
