// ARGS: --parse %f
// ERROR: %f:4:12: error: malformed number '2x'
model A
  Real x = 2x;
end A;
