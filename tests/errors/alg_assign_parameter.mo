model AlgAssignParameter
  parameter Real p = 1;
  Real x;
algorithm
  x := 2;
  p := 3;
end AlgAssignParameter;
// ERROR: %f:6:3: error: 'p' is a parameter and cannot be assigned in an algorithm section
// ERROR: %f:2:18: note: 'p' is declared here
