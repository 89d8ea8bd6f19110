model EdgeExpr
  Boolean up;
equation
  up = edge(time > 0.5);
end EdgeExpr;
// ARGS: %f
// ERROR: %f:4:13: error: the argument of edge must be a variable
