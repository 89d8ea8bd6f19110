// ARGS: --parse %f
// ERROR: %f:4:9: error: syntax error, expecting ';' (before identifier 'Real' on line 5)
model A
  Real x
  Real y;
end A;
