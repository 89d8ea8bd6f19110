model Partial
  Real x = integrate(function sin(), 0, 1);
  Real y = quadrature(function Lib.f(a = 1, b = 2), 0, 1);
  Real z = apply(function f(), function g(k = 1), 2);
  Real w = apply(1, function f());
end Partial;
