// Iterators without a range (spec 10.4.1.1 via 8.3.2.1): the range of the subscripts they appear in,
// Integer, Boolean or enumeration; arrays indexed by Boolean and enumerations, subscripted by their values.
model IterImplicit
  type E = enumeration(one, two);
  type E2 = E;
  Real x[3], y[3];
  Boolean b[Boolean];
  Real z[3, Boolean, E2], w[E, 3, Boolean];
  Real m[3, 2];
  Real s = sum(x[i] for i);
  Real v[:] = {2 * y[i] for i};
  Integer c[E];
  Real d[Boolean];
  Real bt = z[1, true, E.two] + w[E.one, 2, false];
equation
  for i loop
    x[i] = y[i];
    y[i] = i;
  end for;
  for i loop
    b[i] = not i;
  end for;
  for i, j, k loop
    w[k, i, j] = i * Integer(k) * (if j then 2 else 1);
    z[i, j, k] = 2 * w[k, i, j];
  end for;
  for i in 1:3, j loop
    m[i, j] = i * j;
  end for;
  for e in E loop
    c[e] = Integer(e);
  end for;
  for i in false:true loop
    d[i] = if i then 1 else 0;
  end for;
end IterImplicit;
