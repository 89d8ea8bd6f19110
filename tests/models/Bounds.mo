// min and max checked while the model runs (check/bounds.c; tests/sim/bounds.sh): a warning naming the
// variable, its value, the bound, the time and the declaration, once per violation; the run goes on.
model Bounds
  parameter Real lo = 0.5;
  parameter Real T(unit = "s") = 1;
  Real y(min = lo) = exp(-time/T);   // below 0.5 from t = ln 2
  Integer k(max = 2) = integer(4*time);  // 3 from t = 0.75
  Real z(min = 0, start = 1, fixed = true);  // reaches 0 at t = 1 up to rounding: no warning
equation
  der(z) = -1;
  annotation(experiment(StopTime = 1, Interval = 0.01));
end Bounds;
