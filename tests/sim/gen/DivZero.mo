// A division whose divisor is zero once p is overridden to 1 (tests/sim/gen_divzero.sh).
model DivZero
  parameter Real p = 2;
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = -x;
  y = x / (p - 1);
end DivZero;
