within Modelica.Blocks.Sources;
block Ramp "Generate ramp signal"
  extends Interfaces.SignalSource;
  parameter Real height = 1 "Height of ramps";
  parameter SI.Time duration(min = 0, start = 2) "Duration of ramp (= 0.0 gives a Step)";
equation
  y = offset + (if time < startTime then 0
    else if time < startTime + duration then (time - startTime)*height/duration
    else height);
  annotation (Documentation(info="<html>
<p>The output is <code>offset</code> before <code>startTime</code>, rises linearly by
<code>height</code> during <code>duration</code>, then stays at <code>offset + height</code>.</p>
</html>"));
end Ramp;
