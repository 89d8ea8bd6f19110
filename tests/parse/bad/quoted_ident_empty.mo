// ARGS: --parse %f
// ERROR: %f:4:8: error: empty quoted identifier
model A
  Real '';
end A;
