within Modelica.Mechanics.Translational.Sensors;
model SpeedSensor "Ideal sensor to measure the absolute velocity"
  Modelica.Mechanics.Translational.Interfaces.Flange_a flange "Flange to be measured";
  Modelica.Blocks.Interfaces.RealOutput v(unit = "m/s") "Absolute velocity of flange as output signal";
equation
  v = der(flange.s);
  0 = flange.f;
  annotation (Documentation(info="<html>
<p>Outputs the absolute velocity <code>der(flange.s)</code>; no force flows into the sensor.</p>
</html>"));
end SpeedSensor;
