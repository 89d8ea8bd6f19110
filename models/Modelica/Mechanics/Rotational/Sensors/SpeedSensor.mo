within Modelica.Mechanics.Rotational.Sensors;
model SpeedSensor "Ideal sensor to measure the absolute flange angular velocity"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange "Flange of shaft from which sensor information shall be measured";
  Modelica.Blocks.Interfaces.RealOutput w(unit = "rad/s") "Absolute angular velocity of flange as output signal";
equation
  w = der(flange.phi);
  0 = flange.tau;
  annotation (Documentation(info="<html>
<p>Outputs the absolute angular velocity <code>der(flange.phi)</code>; no torque flows into
the sensor.</p>
</html>"));
end SpeedSensor;
