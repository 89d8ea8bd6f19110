within Modelica.Electrical.Analog;
package Sources "Time-dependent and controlled voltage and current sources"
  import SI = Modelica.Units.SI;
  import Modelica.Constants.pi;
  annotation (Documentation(info="<html>
<p>Voltage and current sources. The sign convention is the OnePort's: <code>v = p.v - n.v</code>
and <code>i</code> flows from p through the source to n, so a source that delivers power has
<code>v*i &lt; 0</code>. The step source is discontinuous at <code>startTime</code> (no time
events yet: the integrator's step-size control crosses it).</p>
</html>"));
end Sources;
