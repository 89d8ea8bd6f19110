// A type that exists nowhere, and one missing inside an existing package.
model M
  Modelica.SIunits.Angel a;
end M;
// ERROR: %f:3:20: error: 'Angel' is not declared in 'Modelica.SIunits'
