within Modelica.Electrical.Analog.Examples;
model StepRL "RL circuit switched on by a step voltage, with a constant current injected"
  Modelica.Electrical.Analog.Sources.StepVoltage source(V = 2, offset = 0.5, startTime = 0.2) "0.5 V, 2.5 V from 0.2 s";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R = 1) "1 Ohm";
  Modelica.Electrical.Analog.Basic.Inductor inductor(L = 0.5, i(start = 0, fixed = true)) "0.5 H";
  Modelica.Electrical.Analog.Sources.ConstantCurrent injection(I = 0.3) "0.3 A from ground into the node between resistor and inductor";
  Modelica.Electrical.Analog.Basic.Ground ground;
equation
  connect(source.p, resistor.p);
  connect(resistor.n, inductor.p);
  connect(inductor.n, ground.p);
  connect(source.n, ground.p);
  connect(injection.p, ground.p);
  connect(injection.n, inductor.p);
  annotation (experiment(StartTime = 0, StopTime = 3, Interval = 0.004, Tolerance = 1e-6), Documentation(info="<html>
<p>The inductor current rises with the time constant <code>L/R = 0.5</code> s towards
<code>v/R + I</code>: 0.8 A before the step, 2.8 A after it.</p>
</html>"));
end StepRL;
