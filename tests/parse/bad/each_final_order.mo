// ARGS: --parse %f
// ERROR: %f:4:13: error: syntax error, unexpected 'each', expecting identifier or 'replaceable'
model A
  B b(final each x = 1);
end A;
