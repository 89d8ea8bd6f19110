model PreExpr
  Real x(start = 1, fixed = true);
  discrete Real y;
equation
  der(x) = -x;
  when time > 0.5 then
    y = pre(2 * x);
  end when;
end PreExpr;
// ERROR: %f:7:13: error: the argument of pre must be a variable
