within Modelica.Mechanics.Rotational.Examples;
model SpeedDrive "Speed source following a ramp drives an inertia through a damper, against a constant load torque"
  Modelica.Blocks.Sources.Ramp ramp(height = 10, duration = 1, startTime = 0.5) "Reference speed, 0 to 10 rad/s";
  Modelica.Mechanics.Rotational.Sources.Speed speed "Drive following the reference speed";
  Modelica.Mechanics.Rotational.Components.Damper damper(d = 2) "Viscous coupling";
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J = 0.5, phi(start = 0, fixed = true), w(start = 0, fixed = true)) "Driven inertia";
  Modelica.Mechanics.Rotational.Sources.ConstantTorque load(tau_constant = -4) "Load torque";
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speedSensor "Speed of the driven inertia";
equation
  connect(ramp.y, speed.w_ref);
  connect(speed.flange, damper.flange_a);
  connect(damper.flange_b, inertia.flange_a);
  connect(inertia.flange_b, load.flange);
  connect(inertia.flange_b, speedSensor.flange);
  annotation (experiment(StartTime = 0, StopTime = 4, Interval = 0.004, Tolerance = 1e-6), Documentation(info="<html>
<p>A first-order lag driven by Modelica.Blocks: the inertia follows the ramped drive speed
through a damper, <code>J*der(w) = d*(w_ref - w) + tau_constant</code>, and ends at
<code>10 - 4/2 = 8</code> rad/s (it first turns backwards under the load).</p>
</html>"));
end SpeedDrive;
