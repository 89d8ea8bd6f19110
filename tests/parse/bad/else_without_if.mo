// ARGS: --parse %f
// ERROR: %f:6:3: error: syntax error, unexpected 'else'
model A
  Real x;
equation
  else x = 1;
end A;
