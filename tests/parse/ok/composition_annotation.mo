model WithAnnotation
  Real x;
equation
  x = time;
  annotation(experiment(StartTime = 0, StopTime = 10, Interval = 0.01, Tolerance = 1e-6),
    Icon(graphics = {Rectangle(extent = {{-100, -100}, {100, 100}})}));
end WithAnnotation;
