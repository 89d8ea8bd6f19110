// ARGS: --parse %f
// ERROR: %f:4:8: error: unterminated quoted identifier
model A
  Real 'abc;
end A;
