within Modelica.Mechanics.Translational;
package Interfaces "Connectors of 1-dim. translational mechanics"
  import SI = Modelica.SIunits;
end Interfaces;
