within Modelica.Blocks.Sources;
block Step "Generate step signal of type Real"
  extends Interfaces.SignalSource;
  parameter Real height = 1 "Height of step";
equation
  y = offset + (if time < startTime then 0 else height);
  annotation (Documentation(info="<html>
<p>The output is <code>offset</code> before <code>startTime</code> and
<code>offset + height</code> from <code>startTime</code> on.</p>
</html>"));
end Step;
