// Matrix powers A^n (spec 10.6.8: n an Integer parameter expression >= 0, A^0 the identity), symmetric()
// (10.3.5), and built-in operators called with named arguments (homotopy, delay's names).
model BuiltinNamedPower
  parameter Integer n = 3;
  parameter Real A[2, 2] = [1, 2; 0, 1];
  Real P0[2, 2] = A^0;
  Real P1[2, 2] = A^1;
  Real P3[2, 2] = A^n;
  Real S[2, 2] = symmetric([1, 2; 3, 4]);
  Real x = homotopy(simplified = time, actual = sin(time));
  Real y = homotopy(time^2, simplified = time);
end BuiltinNamedPower;
