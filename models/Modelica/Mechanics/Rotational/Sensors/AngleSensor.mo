within Modelica.Mechanics.Rotational.Sensors;
model AngleSensor "Ideal sensor to measure the absolute flange angle"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange "Flange of shaft from which sensor information shall be measured";
  Modelica.Blocks.Interfaces.RealOutput phi(unit = "rad") "Absolute angle of flange as output signal";
equation
  phi = flange.phi;
  0 = flange.tau;
  annotation (Documentation(info="<html>
<p>Outputs the absolute angle of the flange; no torque flows into the sensor.</p>
</html>"));
end AngleSensor;
