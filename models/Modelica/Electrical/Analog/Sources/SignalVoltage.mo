within Modelica.Electrical.Analog.Sources;
model SignalVoltage "Generic voltage source using the input signal as source voltage"
  Modelica.Electrical.Analog.Interfaces.PositivePin p "Positive electrical pin";
  Modelica.Electrical.Analog.Interfaces.NegativePin n "Negative electrical pin";
  Modelica.Blocks.Interfaces.RealInput v(unit = "V") "Voltage between pin p and n (= p.v - n.v) as input signal";
  SI.Current i "Current flowing from pin p to pin n";
equation
  v = p.v - n.v;
  0 = p.i + n.i;
  i = p.i;
  annotation (Documentation(info="<html>
<p>The voltage between the pins is the input signal <code>v</code> (from a block of
Modelica.Blocks, for instance).</p>
</html>"));
end SignalVoltage;
