// ARGS: --parse %f
// ERROR: %f:4:8: error: syntax error, unexpected 'end', expecting identifier or '[' or '.'
model A
  Real end;
end A;
