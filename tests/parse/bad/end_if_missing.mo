// ARGS: --parse %f
// ERROR: %f:6:26: error: syntax error, unexpected ';', expecting 'if'
model A
  Real x;
equation
  if true then x = 1; end;
end A;
