model DrainAssert
  "a tank that empties at t = 1/1.3, with an assert that its level never goes below zero: the step that
  crosses level = 0 ends below it, the event at the crossing stops the outflow"
  Real level(start = 1, fixed = true);
  Boolean wet = level >= 0;
equation
  der(level) = if wet then -1.3 else 0;
  assert(level > -1e-6, "level below zero");
  annotation(experiment(StopTime = 2));
end DrainAssert;
