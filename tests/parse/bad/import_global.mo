// ARGS: --parse %f
// ERROR: %f:4:10: error: syntax error, unexpected '.', expecting identifier
model A
  import .Modelica.Math;
end A;
