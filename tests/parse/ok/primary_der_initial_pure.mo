model DerInit
  Real x(start = 1);
  Boolean b = initial();
  Real y = pure(f(x));
  Real z = der(x) + der(2 * x);
equation
  der(x) = -x;
  when initial() then reinit(x, 1); end when;
end DerInit;
