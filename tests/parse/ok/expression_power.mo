model Pow
  Real a = 2;
  Real b = a^2;
  Real c = 2^(3^2);
  Real d = (2^3)^2;
  Real e = a^(-1);
  Real f = {a, a}.^2 * {1, 1};
  Real g = -a^b;
end Pow;
