// ARGS: --parse %f
// ERROR: %f:4:12: error: syntax error, unexpected 'end'
model A
  Real x = end;
end A;
