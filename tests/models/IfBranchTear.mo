model IfBranchTear
  "a torn loop with an equation of an if-equation whose unknown occurs in one branch only"
  Real x(start = 1, fixed = true);
  Boolean reg = time < 0.5;
  Real q;
  Real p(start = 1);
  Real s(start = 0);
equation
  der(x) = -x;
  0 = if reg then p - exp(q) else q;
  s = if reg then x else q;
  s = p * p - 2;
  annotation(experiment(StopTime = 1));
end IfBranchTear;
