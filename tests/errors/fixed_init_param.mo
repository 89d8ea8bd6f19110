// ERROR: fixed_init_param.mo:5:29: error: the fixed attribute of 'x' must be known when the model is compiled
// ARGS: --emit-c -o /dev/null %f
model FixedInitParam "b is computed at initialization, so x's fixed is not known when compiled (was read as false)"
  parameter Boolean b(fixed = false);
  Real x(start = 1, fixed = b);
initial equation
  b = true;
  x = 2;
equation
  der(x) = -x;
end FixedInitParam;
