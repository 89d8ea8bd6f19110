model EvalCycleSubscript
  parameter Integer a = b + 1;
  parameter Integer b = c;
  parameter Integer c = a - 1;
  Real x[3] = {1, 2, 3};
  Real y = x[a];
end EvalCycleSubscript;
// ERROR: %f:6:14: error: a subscript cannot be evaluated: the value of 'a' depends on itself
// ERROR: %f:2:21: note: 'a' is declared here
