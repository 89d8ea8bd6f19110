within Modelica.Electrical.Analog.Sensors;
model VoltageSensor "Sensor to measure the voltage between two pins"
  Modelica.Electrical.Analog.Interfaces.PositivePin p "Positive electrical pin";
  Modelica.Electrical.Analog.Interfaces.NegativePin n "Negative electrical pin";
  Modelica.Blocks.Interfaces.RealOutput v(unit = "V") "Voltage between pin p and n (= p.v - n.v) as output signal";
equation
  p.i = 0;
  n.i = 0;
  v = p.v - n.v;
  annotation (Documentation(info="<html>
<p>Outputs <code>v = p.v - n.v</code>; no current flows through the sensor.</p>
</html>"));
end VoltageSensor;
