// reinit belongs inside a when-equation.
model M
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  reinit(x, 2);
end M;
// ERROR: %f:6:3: error: reinit is only allowed inside a when-equation
