within Modelica.Electrical.Analog;
package Interfaces "Connectors and partial models for Analog electrical components"
  import SI = Modelica.SIunits;
end Interfaces;
