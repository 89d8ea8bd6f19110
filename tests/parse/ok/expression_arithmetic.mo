model Arith
  Real a = 1, b = 2, c = 3;
  Real x = -a + b - c * a / b;
  Real y = +a - (-b);
  Real z = -a^2 + (-a)^2 - a * (-b);
  Real w = a - (b - c) / (a * b) * c;
end Arith;
