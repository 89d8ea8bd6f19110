within Modelica.Mechanics.Rotational;
package Interfaces "Connectors of 1-dim. rotational mechanics"
  import SI = Modelica.SIunits;
end Interfaces;
