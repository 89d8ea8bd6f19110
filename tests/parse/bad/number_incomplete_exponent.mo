// ARGS: --parse %f
// ERROR: %f:4:12: error: malformed number '1e'
model A
  Real x = 1e+;
end A;
