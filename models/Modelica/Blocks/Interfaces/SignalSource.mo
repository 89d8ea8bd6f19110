within Modelica.Blocks.Interfaces;
partial block SignalSource "Base class for continuous signal source"
  extends SO;
  parameter Real offset = 0 "Offset of output signal y";
  parameter SI.Time startTime = 0 "Output y = offset for time < startTime";
  annotation (Documentation(info="<html>
<p>Base class of the signal sources: every source outputs <code>offset</code> before
<code>startTime</code> and <code>offset</code> plus its own signal from then on.</p>
</html>"));
end SignalSource;
