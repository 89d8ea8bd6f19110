// delay(expr, delayTime, delayMax) (spec 3.7.2.2) against closed forms (tests/sim/delay.sh): a delay
// differential equation solved by steps, delays of time and of sin(time), a delayed step whose jump
// lies between output points, a delay time that varies, two components whose delays keep histories of their own, and an assert.
model DelayOps
  model Lag "a delayed ramp"
    parameter Real a = 1;
    parameter Real T = 0.5;
    Real y = delay(a * time, T);
  end Lag;
  Real x(start = 1, fixed = true) "x' = -x(t - 1), x = 1 before t = 1";
  Real y = delay(sin(time), 0.5);
  parameter Real Tz = 0.3;
  Real z = delay(time, Tz, 1);
  Real s = delay(time, 0.2 + 0.1 * sin(time), delayMax = 1) "a delay time that varies";
  Real u = if time >= 0.5 then 1 else 0;
  Real v = delay(u, 0.253);
  Real w(start = 0, fixed = true);
  Lag l1(a = 1, T = 0.5), l2(a = 2, T = 1.25);
equation
  der(x) = -delay(x, 1);
  der(w) = v;
  assert(delay(time, 0.1) <= time, "delay(time, 0.1) exceeds time");
  annotation(experiment(StopTime = 3));
end DelayOps;
