// ARGS: --parse %f
// ERROR: %f:4:14: error: unterminated string
model A
  String s = "abc;
  Real x;
end A;
