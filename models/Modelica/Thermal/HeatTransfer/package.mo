within Modelica.Thermal;
package HeatTransfer "Library of 1-dimensional heat transfer with lumped elements"
end HeatTransfer;
