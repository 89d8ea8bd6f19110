// ARGS: --dump=dae %f
// ERROR: %f:8:18: error: the bindings of these parameters form a cycle: 'T' -> 'h' -> 'T'
// ERROR: %f:9:18: note: 'h' is declared here
// Without annotation(Evaluate = true) on use_T (an -override may change it), both branches of the
// if-expressions count: a cycle (with it, tests/sim/param_branch.sh: none).
model struct_param_cycle_branch
  parameter Boolean use_T = true;
  parameter Real T = if use_T then 300 else h / 2;
  parameter Real h = if use_T then 2 * T else 10;
  Real x(start = 0, fixed = true);
equation
  der(x) = h;
end struct_param_cycle_branch;
