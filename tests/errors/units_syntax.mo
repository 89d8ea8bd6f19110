// Unit strings that break the syntax of specification 19.1 are findings of the unit check.
// ARGS: --units=error --flat %f
// ERROR: %f:10:8: error: "m/s/s" is not a unit: write several divisors in parentheses: "J/(kg.K)"
// ERROR: %f:11:8: error: "(m.s" is not a unit: ')' is missing
// ERROR: %f:12:8: error: "m^2" is not a unit: '^' is not expected there
// ERROR: %f:13:8: error: "m-" is not a unit: a sign must be followed by an exponent
// ERROR: %f:14:8: error: "N m" is not a unit: ' ' is not expected there
// ERROR: %f:15:8: error: "m(1/0)" is not a unit: an exponent divides by zero
model UnitsSyntax
  Real a(unit = "m/s/s") = 1;
  Real b(unit = "(m.s") = 1;
  Real c(unit = "m^2") = 1;
  Real d(unit = "m-") = 1;
  Real e(unit = "N m") = 1;
  Real f(unit = "m(1/0)") = 1;
end UnitsSyntax;
