within Modelica.Mechanics.Rotational.Sensors;
model TorqueSensor "Ideal sensor to measure the torque between two flanges (= flange_a.tau)"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of shaft";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of shaft";
  Modelica.Blocks.Interfaces.RealOutput tau(unit = "N.m") "Torque in flange flange_a and flange_b (tau = flange_a.tau = -flange_b.tau) as output signal";
equation
  flange_a.phi = flange_b.phi;
  flange_a.tau = tau;
  flange_b.tau = -tau;
  annotation (Documentation(info="<html>
<p>A rigid cut between flange_a and flange_b that outputs the torque transmitted through it,
<code>tau = flange_a.tau</code>.</p>
</html>"));
end TorqueSensor;
