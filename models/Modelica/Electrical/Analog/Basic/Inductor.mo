within Modelica.Electrical.Analog.Basic;
model Inductor "Ideal linear electrical inductor"
  extends Modelica.Electrical.Analog.Interfaces.OnePort(i(start = 0));
  parameter SI.Inductance L(start = 1) "Inductance";
equation
  L*der(i) = v;
  annotation (Documentation(info="<html>
<p><code>L*der(i) = v</code>: the current <code>i</code> is the state; give it
<code>start</code> and <code>fixed = true</code> to set the initial current.</p>
</html>"));
end Inductor;
