// ARGS: --parse %f
// ERROR: %f:4:12: error: malformed number '1.2.3'
model A
  Real x = 1.2.3;
end A;
