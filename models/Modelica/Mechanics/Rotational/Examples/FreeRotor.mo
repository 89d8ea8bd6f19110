within Modelica.Mechanics.Rotational.Examples;
model FreeRotor "Free rotor of Exudyn's ObjectRotationalMass1D mini example (final angle 2)"
  Modelica.Mechanics.Rotational.Components.Inertia rotor(J = 1, phi(start = 1.5, fixed = true), w(start = 0.5, fixed = true)) "The rotor, J = 1 kg.m2";
  Modelica.Mechanics.Rotational.Sensors.AngleSensor angleSensor "Measures the rotor angle";
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speedSensor "Measures the rotor speed";
equation
  connect(rotor.flange_b, angleSensor.flange);
  connect(rotor.flange_b, speedSensor.flange);
  annotation (experiment(StartTime = 0, StopTime = 1, Interval = 0.002, Tolerance = 1e-6), Documentation(info="<html>
<p>Exudyn's mini example for ObjectRotationalMass1D (Rotor1D): a rotor with inertia 1 on a
Node1D with reference coordinate 1, initial coordinate 0.5 and initial velocity 0.5, no
torque, simulated for 1 s; its rotation (reference plus coordinate) ends at 2. Here the angle
is absolute, so it starts at 1 + 0.5 = 1.5 rad with 0.5 rad/s: <code>phi = 1.5 + 0.5*t</code>
and <code>phi(1) = 2</code>.</p>
</html>"));
end FreeRotor;
