// An if-equation whose condition changes in time needs an else branch.
model M
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = -x;
  if x > 0.5 then
    y = x;
  end if;
end M;
// ERROR: %f:7:3: error: this if-equation has a time-varying condition, so it needs an else branch with the same number of equations (1) as the others
