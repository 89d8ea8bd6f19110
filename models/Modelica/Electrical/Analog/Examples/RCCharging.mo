within Modelica.Electrical.Analog.Examples;
model RCCharging "Capacitor charging from a constant voltage through a resistor"
  Modelica.Electrical.Analog.Sources.ConstantVoltage source(V = 10) "10 V supply";
  Modelica.Electrical.Analog.Sensors.CurrentSensor currentSensor "Charging current";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R = 100) "100 Ohm";
  Modelica.Electrical.Analog.Basic.Capacitor capacitor(C = 0.01, v(start = 0, fixed = true)) "10 mF, empty at start";
  Modelica.Electrical.Analog.Sensors.VoltageSensor voltageSensor "Capacitor voltage";
  Modelica.Electrical.Analog.Basic.Ground ground;
equation
  connect(source.p, currentSensor.p);
  connect(currentSensor.n, resistor.p);
  connect(resistor.n, capacitor.p);
  connect(capacitor.n, ground.p);
  connect(source.n, ground.p);
  connect(voltageSensor.p, capacitor.p);
  connect(voltageSensor.n, capacitor.n);
  annotation (experiment(StartTime = 0, StopTime = 5, Interval = 0.005, Tolerance = 1e-6), Documentation(info="<html>
<p>The capacitor charges with the time constant <code>R*C = 1</code> s:
<code>v = V*(1 - exp(-t/(R*C)))</code>, <code>i = V/R*exp(-t/(R*C))</code>.</p>
</html>"));
end RCCharging;
