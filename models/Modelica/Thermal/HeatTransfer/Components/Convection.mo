within Modelica.Thermal.HeatTransfer.Components;
model Convection "Lumped thermal element for heat convection (Q_flow = Gc*dT)"
  Modelica.Blocks.Interfaces.RealInput Gc(unit = "W/K") "Signal representing the convective thermal conductance in [W/K]";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_a solid "Heat port of the solid";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_b fluid "Heat port of the fluid";
  SI.HeatFlowRate Q_flow "Heat flow rate from solid -> fluid";
  SI.TemperatureDifference dT "= solid.T - fluid.T";
equation
  dT = solid.T - fluid.T;
  solid.Q_flow = Q_flow;
  fluid.Q_flow = -Q_flow;
  Q_flow = Gc*dT;
  annotation (Documentation(info="<html>
<p>Convective heat transfer from the solid to the fluid, <code>Q_flow = Gc*dT</code>, with
the conductance <code>Gc</code> given as an input signal (for instance from
Modelica.Blocks.Sources.Constant).</p>
</html>"));
end Convection;
