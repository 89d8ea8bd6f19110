// ARGS: --parse %f
// ERROR: %f:4:11: error: unterminated comment
model A
  Real x; /* a comment
  that never ends
end A;
