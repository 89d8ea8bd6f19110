within Modelica.Mechanics.Translational.Sensors;
model PositionSensor "Ideal sensor to measure the absolute position"
  Modelica.Mechanics.Translational.Interfaces.Flange_a flange "Flange to be measured";
  Modelica.Blocks.Interfaces.RealOutput s(unit = "m") "Absolute position of flange as output signal";
equation
  s = flange.s;
  0 = flange.f;
  annotation (Documentation(info="<html>
<p>Outputs the absolute position of the flange; no force flows into the sensor.</p>
</html>"));
end PositionSensor;
