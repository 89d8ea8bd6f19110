// A fast decay x' = -50 x written through y = sqrt(x), for tests/sim/rt_trial_retry.sh: a first step of
// 0.25 s puts the integrator's trial points at x < 0, where sqrt fails; the solution itself, exp(-50 t),
// never leaves x > 0.
model TrialRetry
  Real x(start = 1, fixed = true);
  Real y;
equation
  y = sqrt(x);
  der(x) = -50*y^2;
  annotation(experiment(StopTime = 1, Interval = 0.25));
end TrialRetry;
