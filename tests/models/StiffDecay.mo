// A stiff model for tests/sim/rt_stiff_switch.sh: x follows sin(t) with a time constant of 1e-7 s over a
// 10 s run, x' = -k (x - sin t), k = 1e7. An explicit stepper's steps stay at its stability limit
// (about 3/k) however smooth x is: some 10^8 steps.
model StiffDecay
  parameter Real k = 1e7;
  Real x(start = 0, fixed = true);
equation
  der(x) = -k*(x - sin(time));
  annotation(experiment(StopTime = 10, Interval = 0.02));
end StiffDecay;
