model Funcs
  Real x = sin(time) + Modelica.Math.cos(time) + .Global.f(1, 2);
  Real y = f();
  Real z = a.b[2].c(1) + max(x, y) + size(m, 1);
  Real m[2, 2] = identity(2);
end Funcs;
