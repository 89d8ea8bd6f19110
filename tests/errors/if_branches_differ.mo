// The branches of an if-equation whose condition changes in time must have as many equations each.
model M
  Real x(start = 1, fixed = true);
  Real y, z;
equation
  der(x) = -x;
  if x > 0.5 then
    y = x;
    z = 2*x;
  else
    y = 0;
  end if;
end M;
// ERROR: %f:7:3: error: the branches of an if-equation with a time-varying condition must have the same number of equations: the first has 2, the else branch has 1
