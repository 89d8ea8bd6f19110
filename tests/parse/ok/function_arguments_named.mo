model Named
  Real x = f(1, 2, a = 3, b = 4);
  Real y = f(a = 1);
  Real z = f(1, g = function h(k = 2), m = 3);
  Real w = f(x = if x > 1 then 2 else 3);
end Named;
