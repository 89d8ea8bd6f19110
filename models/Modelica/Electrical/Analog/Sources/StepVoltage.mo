within Modelica.Electrical.Analog.Sources;
model StepVoltage "Step voltage source"
  parameter SI.Voltage V(start = 1) "Height of step";
  parameter SI.Voltage offset = 0 "Voltage offset";
  parameter SI.Time startTime = 0 "Time offset";
  extends Modelica.Electrical.Analog.Interfaces.OnePort;
equation
  v = offset + (if time < startTime then 0 else V);
  annotation (Documentation(info="<html>
<p>The voltage is <code>offset</code> before <code>startTime</code> and
<code>offset + V</code> from then on.</p>
</html>"));
end StepVoltage;
