// A final attribute set by a short class (SIunits: final unit = "rad") cannot be modified.
model M
  Modelica.SIunits.Angle phi(unit = "deg");
equation
  phi = 1;
end M;
// ERROR: %f:3:30: error: cannot modify final element 'unit'
// ERROR: note: 'unit' is declared final here
