// ARGS: --parse %f
// ERROR: %f:4:26: error: syntax error, unexpected ';'
model A
  Real x = if true then 1;
end A;
