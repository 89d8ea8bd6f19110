model Redecl
  Comp c(redeclare Real x = 2, redeclare each final Real y[3], redeclare package Medium = Lib.Water,
         redeclare model M = Impl(k = 1) "new model", redeclare type T = Integer);
  Comp d(redeclare replaceable Real z constrainedby Real, redeclare replaceable model N = Impl constrainedby Base);
  Comp e(redeclare parameter Real p = 1 "comment" annotation(Dialog));
  Comp f(redeclare function g = Lib.h, redeclare record R = Lib.R2);
end Redecl;
