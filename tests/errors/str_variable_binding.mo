model StrVariableBinding
  String s = "abc";
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
end StrVariableBinding;
// ERROR: %f:2:10: error: not supported yet: String variable 's' in an equation (only String parameters and constants are)
