// A loop solved through a coefficient that is 0 at the start (tests/sim/tear_zero_at_start.sh): g, a
// conductance held at 0 by a ramp until t = 0.5 (no start value; computed before the loop), multiplies v in
// i = g*v. Tearing i leaves that equation as the only way to v, and v = i/g divided by zero at t = 0
// (the MSL's Electrical.QuasiStatic.SinglePhase.Examples.Rectifier: its load's conductance). The solution:
// v = w/(1 + R g), i = g v, w + w^3 = u - i.
model ZeroAtStartCoef
  parameter Real R = 0.5;
  parameter Real u = 2;
  Real g = if time < 0.5 then 0 else 2 * (time - 0.5) "a conductance: 0 until t = 0.5";
  Real i, v, w;
equation
  i = g * v;
  v = w - R * i;
  w + w ^ 3 = u - i;
end ZeroAtStartCoef;
