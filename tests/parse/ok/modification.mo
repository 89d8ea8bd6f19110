model Mods
  Real a(start = 1, fixed = true) = 2;
  Real b = 3;
  Real c(nominal = 10);
  Real d();
  Real e() = 1;
  Comp f(x(start = 1, min = -1) = 2, y = 3 "commented");
  Comp g(x.start = 1, final y.z(k = 2) = 3);
  Comp h(each x = 1, each final y = 2, each final z = 3);
end Mods;
