// ARGS: --dump=dae %f
// ERROR: %f:6:8: error: 'a' and 'b' are aliases (equal) but have different fixed start values 1 and 2
// ERROR: %f:7:8: note: 'b' is declared here
// a and b are the same variable but their fixed start values differ.
model struct_start_conflict
  Real a(start = 1, fixed = true);
  Real b(start = 2, fixed = true);
equation
  a = b;
  der(a) = 1;
end struct_start_conflict;
