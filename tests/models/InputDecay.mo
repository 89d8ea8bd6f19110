// der(x) = -x + u with a top-level input u (tests/sim/rt_inputs_lin.sh: -csvInput against closed forms).
model InputDecay
  input Real u(start = 0.5) "read with -csvInput";
  output Real y = 2 * x + u;
  Real x(start = 0, fixed = true);
equation
  der(x) = -x + u;
end InputDecay;
