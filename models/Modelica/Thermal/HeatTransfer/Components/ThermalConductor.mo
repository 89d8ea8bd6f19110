within Modelica.Thermal.HeatTransfer.Components;
model ThermalConductor "Lumped thermal element transporting heat without storing it"
  parameter SI.ThermalConductance G "Constant thermal conductance of material";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_a port_a "Thermal port a";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_b port_b "Thermal port b";
  SI.HeatFlowRate Q_flow "Heat flow rate from port_a -> port_b";
  SI.TemperatureDifference dT "port_a.T - port_b.T";
equation
  dT = port_a.T - port_b.T;
  port_a.Q_flow = Q_flow;
  port_b.Q_flow = -Q_flow;
  Q_flow = G*dT;
  annotation (Documentation(info="<html>
<p>Conduction without storage: <code>Q_flow = G*dT</code>, from port_a to port_b.</p>
</html>"));
end ThermalConductor;
