within Modelica.Thermal.HeatTransfer.Examples;
model TwoMasses "Two bodies at different temperatures exchanging heat through a conductor"
  Modelica.Thermal.HeatTransfer.Components.HeatCapacitor mass1(C = 15, T(start = 373.15, fixed = true)) "Hot body";
  Modelica.Thermal.HeatTransfer.Components.HeatCapacitor mass2(C = 10, T(start = 273.15, fixed = true)) "Cold body";
  Modelica.Thermal.HeatTransfer.Components.ThermalConductor conduction(G = 10) "Conduction between the bodies";
equation
  connect(mass1.port, conduction.port_a);
  connect(conduction.port_b, mass2.port);
  annotation (experiment(StartTime = 0, StopTime = 3, Interval = 0.004, Tolerance = 1e-6), Documentation(info="<html>
<p>The two temperatures approach the mixed temperature <code>(C1*T1 + C2*T2)/(C1 + C2)</code>
= 333.15 K; their difference decays as <code>exp(-G*(1/C1 + 1/C2)*t)</code>.</p>
</html>"));
end TwoMasses;
