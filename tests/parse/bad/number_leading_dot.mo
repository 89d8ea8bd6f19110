// ARGS: --parse %f
// ERROR: %f:4:12: error: malformed number '.5': Modelica needs a digit before the '.' (0.5)
model A
  Real x = .5;
end A;
