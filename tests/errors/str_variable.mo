model StrVariable
  String s;
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  s = "abc";
end StrVariable;
// ERROR: %f:6:3: error: not supported yet: String variable 's' in an equation (only String parameters and constants are)
// ERROR: %f:2:10: note: 's' is declared here
