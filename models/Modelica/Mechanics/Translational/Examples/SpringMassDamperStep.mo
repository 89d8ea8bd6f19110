within Modelica.Mechanics.Translational.Examples;
model SpringMassDamperStep "Damped mass on a spring, pushed by a step force"
  Modelica.Mechanics.Translational.Components.Fixed fixed "Wall";
  Modelica.Mechanics.Translational.Components.Spring spring(c = 40, s_rel0 = 0.5) "Spring, 0.5 m long unstretched";
  Modelica.Mechanics.Translational.Components.Damper damper(d = 3) "Damper in parallel with the spring";
  Modelica.Mechanics.Translational.Components.Mass mass(m = 2, L = 0.2, s(start = 0.7, fixed = true), v(start = 0, fixed = true)) "Mass of length 0.2 m, released 0.1 m beyond equilibrium";
  Modelica.Mechanics.Translational.Sensors.ForceSensor forceSensor "Force from the source into the mass";
  Modelica.Mechanics.Translational.Sources.Force force "Pushes the mass";
  Modelica.Blocks.Sources.Step step(height = 5, offset = -1, startTime = 1) "Force signal: -1 N, then 4 N from 1 s";
  Modelica.Mechanics.Translational.Sensors.PositionSensor positionSensor "Position of the mass's right flange";
  Modelica.Mechanics.Translational.Sensors.SpeedSensor speedSensor "Speed of the mass";
equation
  connect(fixed.flange, spring.flange_a);
  connect(fixed.flange, damper.flange_a);
  connect(spring.flange_b, mass.flange_a);
  connect(damper.flange_b, mass.flange_a);
  connect(mass.flange_b, forceSensor.flange_a);
  connect(forceSensor.flange_b, force.flange);
  connect(step.y, force.f);
  connect(mass.flange_b, positionSensor.flange);
  connect(mass.flange_b, speedSensor.flange);
  annotation (experiment(StartTime = 0, StopTime = 3, Interval = 0.004, Tolerance = 1e-6), Documentation(info="<html>
<p>A mass between a wall (spring and damper in parallel) and a force source driven by a step
signal: <code>m*der(v) = -c*(s - L/2 - s_rel0) - d*v + f(t)</code>. It starts at rest at
<code>s = 0.7</code> m and settles at <code>0.6 + f/c</code>: 0.575 m, then 0.7 m after the
step.</p>
</html>"));
end SpringMassDamperStep;
