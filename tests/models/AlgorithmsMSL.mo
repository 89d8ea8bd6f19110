// MSL blocks made of algorithm sections (tests/sim/algorithms.sh): Trapezoid and Pulse take their
// discrete state from an initial algorithm that a when-equation then updates.
model AlgorithmsMSL
  Modelica.Blocks.Sources.Trapezoid tr(period = 1, rising = 0.2, width = 0.3, falling = 0.2, amplitude = 2,
                                       startTime = 0.1);
  Modelica.Blocks.Sources.Pulse pu(period = 0.5, width = 40, startTime = 0.05);
  Real z(start = 0, fixed = true);
equation
  der(z) = tr.y + pu.y;
end AlgorithmsMSL;
