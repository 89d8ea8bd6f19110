within Modelica.Thermal.HeatTransfer.Examples;
model RadiationConvection "Heated body losing heat by radiation and by convection to a fluid of varying temperature"
  Modelica.Thermal.HeatTransfer.Components.HeatCapacitor body(C = 2000, T(start = 600, fixed = true)) "Body at 600 K";
  Modelica.Thermal.HeatTransfer.Sources.FixedHeatFlow heater(Q_flow = 500) "500 W heater";
  Modelica.Thermal.HeatTransfer.Components.BodyRadiation radiation(Gr = 0.8) "Radiation to the walls";
  Modelica.Thermal.HeatTransfer.Sources.FixedTemperature walls(T = 300) "Walls at 300 K";
  Modelica.Thermal.HeatTransfer.Components.Convection convection "Convection to the fluid";
  Modelica.Blocks.Sources.Constant Gc(k = 3) "Convective conductance, 3 W/K";
  Modelica.Thermal.HeatTransfer.Sources.PrescribedTemperature fluid "Fluid temperature";
  Modelica.Blocks.Sources.Sine fluidTemperature(amplitude = 20, f = 0.01, offset = 320) "Fluid temperature 320 K +- 20 K, period 100 s";
equation
  connect(heater.port, body.port);
  connect(body.port, radiation.port_a);
  connect(radiation.port_b, walls.port);
  connect(body.port, convection.solid);
  connect(convection.fluid, fluid.port);
  connect(Gc.y, convection.Gc);
  connect(fluidTemperature.y, fluid.T);
  annotation (experiment(StartTime = 0, StopTime = 300, Interval = 0.3, Tolerance = 1e-6), Documentation(info="<html>
<p>A nonlinear energy balance, <code>C*der(T) = Q_heater - Gr*sigma*(T^4 - T_walls^4) - Gc*(T - T_fluid(t))</code>:
the body cools from 600 K towards the temperature where the heater balances the losses,
and the fluid's oscillation shows in the trajectory.</p>
</html>"));
end RadiationConvection;
