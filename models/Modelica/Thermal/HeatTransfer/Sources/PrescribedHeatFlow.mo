within Modelica.Thermal.HeatTransfer.Sources;
model PrescribedHeatFlow "Prescribed heat flow boundary condition"
  parameter SI.Temperature T_ref = 293.15 "Reference temperature";
  parameter Real alpha(unit = "1/K") = 0 "Temperature coefficient of heat flow rate";
  Modelica.Blocks.Interfaces.RealInput Q_flow(unit = "W") "Heat flow rate delivered at port as input signal";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_b port "Thermal port the heat flows out of";
equation
  port.Q_flow = -Q_flow*(1 + alpha*(port.T - T_ref));
  annotation (Documentation(info="<html>
<p>Delivers the heat flow rate given by the input signal <code>Q_flow</code> into the
connected component (scaled by <code>1 + alpha*(port.T - T_ref)</code>).</p>
</html>"));
end PrescribedHeatFlow;
