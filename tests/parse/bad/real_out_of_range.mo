// ARGS: --parse %f
// ERROR: %f:4:12: error: real literal '1e400' is out of range
model A
  Real x = 1e400;
end A;
