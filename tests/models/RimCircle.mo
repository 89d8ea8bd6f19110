// tests/sim/rt_stiff_switch.sh: rkf45 refuses most of its tries on this model and it is not stiff. The
// circle x^2 + v^2 = 1 runs within 1e-6 of the edge of sqrt's domain, which rkf45's trial points leave
// (a failed evaluation: the step is retried shorter), as MultiBody's HeatLosses refuses two tries in three
// where its dampers' loops fail at trial points. Closed form: x = cos(w t), v = -sin(w t).
model RimCircle
  parameter Real w(unit = "rad/s") = 1;
  Real x(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
  Real z;
equation
  der(x) = w*v;
  der(v) = noEvent(if z >= 0 then -w*x else 0);
  z = sqrt(1.000001 - x^2 - v^2);
  annotation(experiment(StopTime = 10));
end RimCircle;
