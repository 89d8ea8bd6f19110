// A component of a partial class is an error at its declaration.
model M
  ModelicaByExample.Components.Rotational.Interfaces.Compliant c;
end M;
// ERROR: %f:3:64: error: cannot instantiate partial model 'ModelicaByExample.Components.Rotational.Interfaces.Compliant'
// ERROR: models/ModelicaByExample/Components/Rotational/Interfaces/Compliant.mo:2:15: note: 'Compliant' is declared partial here
