// ARGS: --parse %f
// ERROR: %f:6:5: error: syntax error, unexpected '=', expecting '(' or '[' or '.' or ':='
function f
  output Real y;
algorithm
  y = 1;
end f;
