// A junction capacitance discharged through a resistor, for tests/sim/rt_stiff_fail.sh: C(v) =
// C0/sqrt(1 - v/Vj), the depletion capacitance of a diode or a transistor's junction (grading 1/2), is
// defined only below Vj, and R*C0 = 1e-14 s beside a 10 s run. From v = 0.95 towards u(0) = 0.5 an
// explicit stepper's stages swing past Vj (sqrt of a negative number) at every step down to 1e-12 of the
// run; the solution never leaves v < Vj. Closed form past the transient (which ends within 1e-12 s):
// v = u(t) - R*C(v)*u'(t) + O((R*C)^2), u to within 1e-14 V.
model JunctionCharge
  parameter Real R = 1, C0 = 1e-14, Vj = 1;
  Real v(start = 0.95, fixed = true);
  Real u = 0.5 + 0.4*sin(time);
  Real c = C0/sqrt(1 - v/Vj);
equation
  c*der(v) = (u - v)/R;
  annotation(experiment(StopTime = 10, Interval = 0.02));
end JunctionCharge;
