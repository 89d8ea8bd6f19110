within Modelica.Electrical.Analog.Basic;
model Capacitor "Ideal linear electrical capacitor"
  extends Modelica.Electrical.Analog.Interfaces.OnePort(v(start = 0));
  parameter SI.Capacitance C(start = 1) "Capacitance";
equation
  i = C*der(v);
  annotation (Documentation(info="<html>
<p><code>i = C*der(v)</code>: the voltage <code>v</code> is the state; give it
<code>start</code> and <code>fixed = true</code> to set the initial charge.</p>
</html>"));
end Capacitor;
