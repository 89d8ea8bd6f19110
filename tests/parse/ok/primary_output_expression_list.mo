model OutList
  Real x = (1 + 2) * 3;
  Real y = ((((x))));
  Real a, b;
equation
  (a, b) = f(x);
  (a, ) = f(x);
end OutList;
