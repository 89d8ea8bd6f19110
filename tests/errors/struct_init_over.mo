// ARGS: --dump=dae %f
// ERROR: %f:8:7: error: the initialization problem is over-determined: 4 equations for 3 unknowns
// ERROR: %f:15:3: note: equation 'x = 3' is not matched to any unknown
// ERROR: %f:10:8: note: equation 'x = 1' is not matched to any unknown
// x has a fixed start value and two initial equations, p (fixed = false) none: surplus equations
// are left out (with a warning, and checked by the simulator: tests/sim/init_rules.sh) only when
// every unknown is determined without them.
model struct_init_over
  parameter Real p(fixed = false);
  Real x(start = 1, fixed = true);
equation
  der(x) = -p*x;
initial equation
  x = 2;
  x = 3;
end struct_init_over;
