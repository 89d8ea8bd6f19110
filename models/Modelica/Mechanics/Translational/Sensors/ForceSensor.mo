within Modelica.Mechanics.Translational.Sensors;
model ForceSensor "Ideal sensor to measure the force between two flanges"
  Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "Left flange of the sensor";
  Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "Right flange of the sensor";
  Modelica.Blocks.Interfaces.RealOutput f(unit = "N") "Force in flange_a and flange_b (f = flange_a.f = -flange_b.f)";
equation
  flange_a.s = flange_b.s;
  flange_a.f = f;
  flange_b.f = -f;
  annotation (Documentation(info="<html>
<p>A rigid cut between flange_a and flange_b that outputs the force transmitted through it,
<code>f = flange_a.f</code>.</p>
</html>"));
end ForceSensor;
