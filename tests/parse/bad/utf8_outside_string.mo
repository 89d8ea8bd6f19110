// ARGS: --parse %f
// ERROR: %f:4:14: error: unexpected character 'é'
model A
  Real x = 1 é;
end A;
