within Modelica.Electrical.Analog.Basic;
model Resistor "Ideal linear electrical resistor"
  extends Modelica.Electrical.Analog.Interfaces.OnePort;
  parameter SI.Resistance R(start = 1) "Resistance";
  SI.Power LossPower "Loss power leaving component via heatPort";
equation
  v = R*i;
  LossPower = v*i;
  annotation (Documentation(info="<html>
<p>Ohm's law, <code>v = R*i</code>; the dissipated power is <code>LossPower = v*i</code>.</p>
</html>"));
end Resistor;
