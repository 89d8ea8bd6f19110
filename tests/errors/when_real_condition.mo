model WhenRealCondition
  Real x = time;
  Integer n(start = 0, fixed = true);
equation
  when {x > 0.5, x} then
    n = pre(n) + 1;
  end when;
end WhenRealCondition;
// ERROR: %f:5:8: error: a when-condition must be Boolean, not Real
