within Modelica.Thermal.HeatTransfer.Examples;
model Cooling "Hot body cooling through a conductor to a fixed ambient temperature"
  Modelica.Thermal.HeatTransfer.Components.HeatCapacitor body(C = 500, T(start = 373.15, fixed = true)) "Body at 100 degC";
  Modelica.Thermal.HeatTransfer.Components.ThermalConductor conductor(G = 5) "Conductance to the ambient";
  Modelica.Thermal.HeatTransfer.Sources.FixedTemperature ambient(T = 293.15) "Ambient at 20 degC";
equation
  connect(body.port, conductor.port_a);
  connect(conductor.port_b, ambient.port);
  annotation (experiment(StartTime = 0, StopTime = 500, Interval = 0.5, Tolerance = 1e-6), Documentation(info="<html>
<p>Newton's law of cooling: <code>T = T_amb + (T0 - T_amb)*exp(-G*t/C)</code>, time constant
<code>C/G = 100</code> s.</p>
</html>"));
end Cooling;
