model StrMsgVariable
  discrete String s;
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  assert(x > 0.5, "state: " + s);
end StrMsgVariable;
// ERROR: %f:6:31: error: not supported yet: String variable 's' (only String parameters and constants are)
