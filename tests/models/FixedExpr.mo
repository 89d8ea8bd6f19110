// A fixed attribute that is a parameter expression (Fluid's pipe flow models: dp_nominal(fixed = not
// system.use_eps_Re), with dp_nominal computed by an initial equation when use_eps_Re): it decides which
// parameters the initialization computes, so its value is taken when the model is compiled
// (tests/sim/fixed_expr.sh). Read as not fixed before, p was a known parameter (start 1), the initial
// equation a surplus one, and the run stopped at it: "the initial conditions are inconsistent".
model FixedExpr
  parameter Boolean b = true;
  parameter Real p(start = 1, fixed = not b) "computed by the initial equation: 3 q = 6";
  parameter Real q = 2;
  Real x(start = 1, fixed = true) "x = exp(-6 t)";
initial equation
  if b then
    p = q * 3;
  end if;
equation
  der(x) = -p * x;
end FixedExpr;
