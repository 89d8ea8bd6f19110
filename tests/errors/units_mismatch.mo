// The unit check (--units=error): a volt plus a metre, the two sides of an equation, an unknown unit
// symbol, a transcendental function of a quantity with a unit, an exponent with a unit.
// ARGS: --units=error --flat %f
// ERROR: %f:12:8: error: "kgg" is not a unit: 'kgg' is no unit symbol
// ERROR: %f:18:7: error: the units of the operands of '+' do not match: 'V' (u) and 'm' (x)
// ERROR: %f:19:3: error: the units of the two sides of this equation do not match: 'm/s' (v) and 'N' (F)
// ERROR: %f:21:11: error: the argument of exp must be dimensionless, not 'm' (x)
// ERROR: %f:22:9: error: an exponent must be dimensionless, not 's' (T)
// ERROR: %f:24:3: error: the units of the two sides of this assignment do not match: 's' (q) and 'm' (x)
model UnitsMismatch
  Real x(unit = "m", start = 1, fixed = true);
  Real k(unit = "kgg");
  Real u(unit = "V") = 3*sin(time/T);
  Real v(unit = "m/s");
  Real w, z, q(unit = "s");
  parameter Real T(unit = "s") = 2, F(unit = "N") = 3;
equation
  w = u + x;
  v = F;
  der(x) = v - x/T;
  k = exp(x);
  z = 2^T;
algorithm
  q := x;
end UnitsMismatch;
