model StrAddNumber
  parameter String name = "tank";
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  assert(x > 0.5, name + x);
end StrAddNumber;
// ERROR: %f:6:26: error: the message of assert must be a String, not a Real (convert a number with String())
