// Parameters without a value take their start values (specification 8.6) with a warning each
// (tests/sim/param_novalue.sh): x' = -k x - k2 + a[2] + n = -3 + 2 = -1, x(0) = 1: x = 1 - t.
model ParamNoValue
  parameter Real k;
  parameter Real k2(start = 3);
  parameter Integer n;
  parameter Real a[3](each start = 2);
  parameter Real neg(start = -1.5);
  parameter Real p(fixed = false) "computed at initialization: no warning";
  parameter Real q = 1 "bound: no warning";
  Real x(start = 1, fixed = true);
initial equation
  p = 2*q;
equation
  der(x) = -k*x - k2 + a[2] + n + 0*neg + 0*p;
end ParamNoValue;
