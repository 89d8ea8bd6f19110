// der of expressions (spec 3.7.4.1): der(2*x + y) and d*der(phi2 - phi1) are expanded by the rules of
// differentiation; the closed forms are in tests/sim/der_expr.sh.
model DerExpr
  parameter Real d = 2;
  Real x(start = 1, fixed = true) "2 x' + cos(t) = -x";
  Real y = sin(time);
  Real phi1 = time^2;
  Real phi2(start = 0, fixed = true) "d (phi2' - 2 t) = 1";
  Real z[2](each start = 0, each fixed = true) "der of an array expression";
equation
  der(2*x + y) = -x;
  d*der(phi2 - phi1) = 1;
  der(z + {y, phi1}) = {1, 2};
  annotation(experiment(StopTime = 2));
end DerExpr;
