// Parameters whose bindings read each other only in the branches an annotation(Evaluate = true)
// parameter does not take (the Fluid library's T_start and h_start with use_T_start): ordered by the
// branch taken, no cycle (tests/sim/param_branch.sh; without Evaluate = true:
// tests/errors/struct_param_cycle_branch.mo).
model ParamBranch
  parameter Boolean use_T = true annotation(Evaluate = true);
  parameter Boolean use_h = not use_T annotation(Evaluate = true);
  parameter Real T = if use_h then h / 2 elseif use_T then 300 else 0;
  parameter Real h = if use_T then 2 * T else 10;
  Real x(start = 0, fixed = true);
equation
  der(x) = h;
  annotation(experiment(StopTime = 1));
end ParamBranch;
