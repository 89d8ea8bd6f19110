within Modelica.Thermal.HeatTransfer.Components;
model BodyRadiation "Lumped thermal element for radiation heat transfer"
  parameter Real Gr(unit = "m2") "Net radiation conductance between two surfaces (see docu)";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_a port_a "Thermal port a";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_b port_b "Thermal port b";
  SI.HeatFlowRate Q_flow "Heat flow rate from port_a -> port_b";
  SI.TemperatureDifference dT "port_a.T - port_b.T";
equation
  dT = port_a.T - port_b.T;
  port_a.Q_flow = Q_flow;
  port_b.Q_flow = -Q_flow;
  Q_flow = Gr*Modelica.Constants.sigma*(port_a.T^4 - port_b.T^4);
  annotation (Documentation(info="<html>
<p>Radiation between two surfaces, <code>Q_flow = Gr*sigma*(port_a.T^4 - port_b.T^4)</code>,
with the Stefan-Boltzmann constant <code>sigma</code> and the net radiation conductance
<code>Gr</code> (emissivities and view factors folded into an area).</p>
</html>"));
end BodyRadiation;
