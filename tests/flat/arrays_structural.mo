// Structural parameters: array sizes from parameters (declared later, too), scalarised arrays with split
// bindings and 'each', for-equations over a parameter range, an if-equation on a parameter, a disabled
// conditional component (its connect is dropped), and a binding of a continuous variable.
connector Pin
  Real v;
  flow Real i;
end Pin;
model M
  Real x[n](start = {1, 2, 3}, each fixed = true);
  parameter Integer n = m + 1;
  parameter Integer m = 2;
  parameter Boolean useGround = false;
  Pin p;
  Pin g if useGround;
  Real y = 2*x[1];
equation
  for i in 1:n loop
    der(x[i]) = -i*x[i];
  end for;
  if n > 2 then
    p.v = x[n];
  else
    p.v = 0;
  end if;
  connect(p, g);
end M;
// MODEL: M
