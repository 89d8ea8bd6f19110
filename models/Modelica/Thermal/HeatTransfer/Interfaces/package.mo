within Modelica.Thermal.HeatTransfer;
package Interfaces "Connectors and partial models"
end Interfaces;
