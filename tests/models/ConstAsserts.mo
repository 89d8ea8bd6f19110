// tests/sim/codegen_cc_cost.sh: asserts whose condition holds whatever happens are left out of the
// generated check(); the others stay, a constant false one too.
model ConstAsserts
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  assert(1 > 0, "never fails");
  assert(noEvent(2 <= 255), "never fails either");
  assert(x > -1, "kept: reads x");
  assert(1 < 0, "constant false: kept", AssertionLevel.warning);
end ConstAsserts;
