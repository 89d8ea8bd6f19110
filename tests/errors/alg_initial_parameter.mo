model AlgInitialParameter
  parameter Real k;
initial algorithm
  k := 2;
end AlgInitialParameter;
// ERROR: %f:4:3: error: parameter 'k' is assigned in an initial algorithm section, so it needs fixed = false
