// A thermistor heated by its own loss (for tests/sim/tear_coefficient.sh): the loop {i, P, T} holds
// P = v*i, which divides by v = 0 at the start when it is the equation solved for i (the MSL's Heating*
// examples: LossPower = v*i). No states: P = Gth (T - Tamb), i = G0 (1 + a (T - Tamb)) v, so
// T - Tamb = G0 v^2 / (Gth - a G0 v^2) in closed form.
model TearZero
  parameter Real V = 2;
  parameter Real G0 = 0.5;
  parameter Real a = 0.01;
  parameter Real Gth = 4;
  parameter Real Tamb = 300;
  Real v = V*sin(2*3.141592653589793*time);
  Real i;
  Real P;
  Real T;
equation
  P = v*i;
  i = G0*(1 + a*(T - Tamb))*v;
  P = Gth*(T - Tamb);
  annotation(experiment(StopTime = 1, Interval = 0.01));
end TearZero;
