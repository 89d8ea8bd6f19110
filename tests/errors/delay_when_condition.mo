model W1
  Real x = 3*time;
  Integer n(start = 0, fixed = true);
equation
  when delay(x, 0.1) >= 0.6 then
    n = pre(n) + 1;
  end when;
end W1;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:5:8: error: not supported yet: delay in a when-condition (a variable computed by an equation can hold it)
