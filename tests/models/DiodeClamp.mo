// A diode across a capacitor fed through a resistor, for tests/sim/rt_nonfinite_trial.sh: the node starts
// at 1 V, above where the diode clamps it (0.784 V), and its time constant there is 1e-15 F over the
// diode's 0.17 S, 6e-15 s, beside a 1e-6 s run. rkf45's first step (2e-12 s) puts its stages far above
// 1 V, where exp(v/Vt) overflows: der(v) is -Inf, then NaN. Past the transient v is the root of
// (U - v)/R = Is*(exp(v/Vt) - 1) (U constant: no slower motion).
model DiodeClamp
  parameter Real R = 1e3, C = 1e-15, Is = 1e-16, Vt = 0.025, U = 5;
  Real v(start = 1, fixed = true);
  Real i = Is*(exp(v/Vt) - 1);
equation
  C*der(v) = (U - v)/R - i;
  annotation(experiment(StopTime = 1e-6, Interval = 2e-9));
end DiodeClamp;
