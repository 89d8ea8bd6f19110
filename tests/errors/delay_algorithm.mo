model DelayAlgorithm
  Real x = sin(time);
  Real y;
algorithm
  y := delay(x, 0.1);
end DelayAlgorithm;
// ERROR: %f:5:8: error: not supported yet: delay in an algorithm section
