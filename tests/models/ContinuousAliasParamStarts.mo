// Aliases of continuous variables whose fixed starts are parameters equal when compiled
// (tests/sim/discrete_alias_starts.sh): merged, the pair carries one member's start, so the run must
// refuse to change either parameter rather than ignore the change (-override p2=5 ran with y(0) = 1).
model ContinuousAliasParamStarts
  parameter Real p1 = 1;
  parameter Real p2 = 1;
  parameter Real k = 2 "not a start: stays changeable";
  Real x(start = p1, fixed = true);
  Real y(start = p2, fixed = true);
equation
  der(x) = -k*x;
  y = x;
end ContinuousAliasParamStarts;
