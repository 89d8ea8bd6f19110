// each and array modifiers, on variables and on arrays of components (split element by element).
model ArrModifiers
  model Cell
    parameter Real k = 1;
    Real v[2](start = {k, 2 * k});
  end Cell;
  parameter Real k0[3] = {1, 2, 3};
  Real x[3](each start = 1, fixed = {true, false, true}, nominal = k0);
  Cell a[3](k = k0, each v(each fixed = true));
  Cell b[2](v(start = [1, 2; 3, 4]));
  Real m[2, 2](start = [1, 2; 3, 4]) = fill(0, 2, 2);
equation
  der(x) = -x;
  der(a.v[1]) = -a.v[2];
  der(a[:].v[2]) = a[:].v[1];
  for i in 1:2 loop
    der(b[i].v) = zeros(2);
  end for;
end ArrModifiers;
