within Modelica.Thermal.HeatTransfer.Sources;
model FixedHeatFlow "Fixed heat flow boundary condition"
  parameter SI.HeatFlowRate Q_flow "Fixed heat flow rate at port";
  parameter SI.Temperature T_ref = 293.15 "Reference temperature";
  parameter Real alpha(unit = "1/K") = 0 "Temperature coefficient of heat flow rate";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_b port "Thermal port the heat flows out of";
equation
  port.Q_flow = -Q_flow*(1 + alpha*(port.T - T_ref));
  annotation (Documentation(info="<html>
<p>Delivers the heat flow rate <code>Q_flow</code> into the connected component (scaled by
<code>1 + alpha*(port.T - T_ref)</code>; <code>alpha = 0</code> by default).</p>
</html>"));
end FixedHeatFlow;
