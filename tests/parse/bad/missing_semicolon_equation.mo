// ARGS: --parse %f
// ERROR: %f:6:8: error: syntax error, expecting ';' (before 'end' on line 7)
model A
  Real x;
equation
  x = 1
end A;
