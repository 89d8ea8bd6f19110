// ARGS: --parse %f
// ERROR: %f:8:1: error: syntax error, unexpected end of file, expecting 'end Open;'
// ERROR: %f:4:7: note: class 'Open' opened here
model Open
  Real x;
equation
  x = 1;
