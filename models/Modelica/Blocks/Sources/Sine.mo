within Modelica.Blocks.Sources;
block Sine "Generate sine signal"
  import Modelica.Constants.pi;
  extends Interfaces.SignalSource;
  parameter Real amplitude = 1 "Amplitude of sine wave";
  parameter SI.Frequency f(start = 1) "Frequency of sine wave";
  parameter SI.Angle phase = 0 "Phase of sine wave";
equation
  y = offset + (if time < startTime then 0 else amplitude*sin(2*pi*f*(time - startTime) + phase));
  annotation (Documentation(info="<html>
<p>The output is <code>offset</code> before <code>startTime</code> and
<code>offset + amplitude*sin(2*pi*f*(time - startTime) + phase)</code> from then on.</p>
</html>"));
end Sine;
