// ARGS: --parse %f
// ERROR: %f:4:13: error: syntax error, unexpected 'flow', expecting identifier or 'input' or 'output' or '.'
model A
  parameter flow Real x;
end A;
