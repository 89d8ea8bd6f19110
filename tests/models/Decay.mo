// x = x0 exp(-k t) with a parameter computed from another (tests/sim/rt_initxml.sh: the model's
// _init.xml read as OpenModelica's tools read it, changed, and read back with -f).
model Decay "exponential decay <&> \"quoted\""
  parameter Real k = 1 "rate <per second> & \"more\"";
  parameter Real k2 = 2 * k "computed from k";
  Real x(start = 1, fixed = true) "decays";
  Real y "k2 * x";
equation
  der(x) = -k * x;
  y = k2 * x;
  annotation(experiment(StopTime = 2, Interval = 0.01));
end Decay;
