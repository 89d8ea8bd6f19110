model BouncingBall "a ball bouncing on the ground (checked by tests/ref/events_ref.c)"
  parameter Real g = 9.81 "gravity";
  parameter Real e = 0.8 "coefficient of restitution";
  parameter Real h0 = 1 "initial height";
  Real h(start = h0, fixed = true) "height";
  Real v(start = 0, fixed = true) "velocity";
  Integer n(start = 0) "number of bounces";
equation
  der(h) = v;
  der(v) = -g;
  when h <= 0 then
    reinit(v, -e*pre(v));
    n = pre(n) + 1;
  end when;
  assert(n < 100, "too many bounces: " + String(n), AssertionLevel.warning);
  annotation(experiment(StopTime = 3, Interval = 0.001));
end BouncingBall;
