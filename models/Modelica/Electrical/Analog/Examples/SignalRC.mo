within Modelica.Electrical.Analog.Examples;
model SignalRC "RC low-pass filter driven by a ramp signal through a signal voltage source"
  Modelica.Blocks.Sources.Ramp ramp(height = 5, duration = 1, offset = 1, startTime = 0.5) "1 V, ramping to 6 V from 0.5 s to 1.5 s";
  Modelica.Electrical.Analog.Sources.SignalVoltage source "Voltage from the signal";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R = 10) "10 Ohm";
  Modelica.Electrical.Analog.Basic.Capacitor capacitor(C = 0.02, v(start = 2, fixed = true)) "20 mF, at 2 V";
  Modelica.Electrical.Analog.Basic.Ground ground;
equation
  connect(ramp.y, source.v);
  connect(source.p, resistor.p);
  connect(resistor.n, capacitor.p);
  connect(capacitor.n, ground.p);
  connect(source.n, ground.p);
  annotation (experiment(StartTime = 0, StopTime = 3, Interval = 0.004, Tolerance = 1e-6), Documentation(info="<html>
<p>A first-order lag (time constant <code>R*C = 0.2</code> s) fed by Modelica.Blocks: the
capacitor discharges towards 1 V, then follows the ramp with a lag of 0.2 s and settles at 6 V.</p>
</html>"));
end SignalRC;
