// ARGS: --parse %f
// ERROR: %f:5:3: error: syntax error, unexpected identifier 'Real', expecting ';'
model A
  Real x
  Real y;
end A;
