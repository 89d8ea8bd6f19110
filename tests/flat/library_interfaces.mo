// The bundled library's connectors and types: one of each interface, Modelica.Units.SI beside
// Modelica.SIunits, and constants of Modelica.Constants (with an import inside Constants).
model library_interfaces
  Modelica.Mechanics.Translational.Interfaces.Flange_a tf;
  Modelica.Mechanics.Rotational.Interfaces.Support rs;
  Modelica.Electrical.Analog.Interfaces.PositivePin p;
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_b port;
  Modelica.Units.SI.Mass m = 2;
  parameter Real g = Modelica.Constants.g_n;
  parameter Real eps0 = Modelica.Constants.epsilon_0;
equation
  tf.s = 0;
  rs.phi = Modelica.Constants.pi;
  p.v = 1;
  port.T = 300;
end library_interfaces;
