model ChangeExpr
  Boolean c;
equation
  c = change(time > 0.5 and time < 0.7);
end ChangeExpr;
// ERROR: %f:4:14: error: the argument of change must be a variable
