// ARGS: --dump=dae %f
// ERROR: %f:8:18: error: the bindings of these parameters form a cycle: 'p' -> 'q' -> 'p'
// ERROR: %f:9:18: note: 'q' is declared here
model struct_param_cycle_first
  // p is not the first variable: q's binding, flattened while p's is, must read p itself (it read the
  // first variable, x, and the message was about x being continuous)
  Real x(start = 0, fixed = true);
  parameter Real p = q + 1;
  parameter Real q = 2*p;
equation
  der(x) = p;
end struct_param_cycle_first;
