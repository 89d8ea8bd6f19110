within Modelica.Electrical.Analog.Sensors;
model CurrentSensor "Sensor to measure the current in a branch"
  Modelica.Electrical.Analog.Interfaces.PositivePin p "Positive electrical pin";
  Modelica.Electrical.Analog.Interfaces.NegativePin n "Negative electrical pin";
  Modelica.Blocks.Interfaces.RealOutput i(unit = "A") "Current in the branch from p to n as output signal";
equation
  p.v = n.v;
  p.i = i;
  n.i = -i;
  annotation (Documentation(info="<html>
<p>Outputs the current <code>i</code> flowing from p through the sensor to n; the sensor
has no voltage drop.</p>
</html>"));
end CurrentSensor;
