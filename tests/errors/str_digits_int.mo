model StrDigitsInt
  parameter Integer n = 3;
  Real x(start = 1, fixed = true);
equation
  der(x) = -n*x;
  assert(x > 0.5, "n = " + String(n, significantDigits = 2));
end StrDigitsInt;
// ERROR: %f:6:38: error: significantDigits applies to String() of a Real, not of an Integer
