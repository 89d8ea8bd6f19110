// ARGS: --dump=dae %f
// ERROR: %f:5:18: error: the bindings of these parameters form a cycle: 'p' -> 'q' -> 'p'
// ERROR: %f:6:18: note: 'q' is declared here
model struct_param_cycle
  parameter Real p = q + 1;
  parameter Real q = 2*p;
  Real x(start = 0, fixed = true);
equation
  der(x) = p;
end struct_param_cycle;
