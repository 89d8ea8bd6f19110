// Built-ins outside their domain with a known argument (3.7.1) are compile-time errors, and numeric
// built-ins take numbers, not Booleans.
// ERROR: %f:11:17: error: the argument of acos is -2, outside [-1, 1] (specification 3.7.1)
// ERROR: %f:12:16: error: the argument of log is 0, not positive (specification 3.7.1)
// ERROR: %f:13:17: error: the argument of sqrt is -25, negative (specification 3.7.1)
// ERROR: %f:14:18: error: the argument of log10 is -1, not positive (specification 3.7.1)
// ERROR: %f:15:17: error: the argument of sign must be a number, not Boolean
model MathDomain
  parameter Real zero = 0;
  parameter Real minusOne = -1;
  Real a = acos(-2);
  Real b = log(zero);
  Real c = sqrt(-25);
  Real d = log10(minusOne);
  Real e = sign(true);
  Real fine = acos(0.5) + log(1) + sqrt(0);
end MathDomain;
