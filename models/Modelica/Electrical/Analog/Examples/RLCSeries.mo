within Modelica.Electrical.Analog.Examples;
model RLCSeries "Series RLC circuit driven by a sine voltage"
  Modelica.Electrical.Analog.Sources.SineVoltage source(V = 5, f = 2, phase = 0.3, offset = 1) "5 V, 2 Hz around 1 V";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R = 2) "2 Ohm";
  Modelica.Electrical.Analog.Basic.Inductor inductor(L = 0.1, i(start = 0, fixed = true)) "0.1 H";
  Modelica.Electrical.Analog.Basic.Capacitor capacitor(C = 0.01, v(start = 0, fixed = true)) "10 mF";
  Modelica.Electrical.Analog.Basic.Ground ground;
equation
  connect(source.p, resistor.p);
  connect(resistor.n, inductor.p);
  connect(inductor.n, capacitor.p);
  connect(capacitor.n, ground.p);
  connect(source.n, ground.p);
  annotation (experiment(StartTime = 0, StopTime = 2, Interval = 0.002, Tolerance = 1e-6), Documentation(info="<html>
<p>An underdamped series resonator (natural frequency <code>1/sqrt(L*C)</code> = 31.6 rad/s,
damping ratio 0.32) driven off resonance at 2 Hz: the transient dies out within about a
second and leaves the forced oscillation around the offset.</p>
</html>"));
end RLCSeries;
