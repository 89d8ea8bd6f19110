within Mylib;
model Broken "never parsed unless used: loading is lazy"
  Real x
  this is not Modelica
end Broken;
