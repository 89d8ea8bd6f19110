model SyncPreviousExpr
  Real u = sample(time, Clock(0.1));
  Real y = previous(2 * u);
end SyncPreviousExpr;
// ARGS: --flat %f
// ERROR: %f:3:21: error: the argument of previous must be a variable
