// ARGS: --parse %f
// ERROR: %f:4:14: error: unexpected character '\'
model A
  Real x = a \ b;
end A;
