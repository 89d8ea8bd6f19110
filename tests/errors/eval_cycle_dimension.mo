model EvalCycleDimension
  parameter Integer n = m;
  parameter Integer m = n;
  Real x[n];
equation
  x = fill(1, n);
end EvalCycleDimension;
// ERROR: %f:4:10: error: an array dimension cannot be evaluated: the value of 'n' depends on itself
// ERROR: %f:2:21: note: 'n' is declared here
