// ARGS: --parse %f
// ERROR: %f:4:14: error: unexpected character '$'
model A
  Real x = 1 $ 2;
end A;
