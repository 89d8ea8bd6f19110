// For-statements whose iterators have no range (11.2.2.1 via 10.4.1.1): each range is deduced from the
// subscripts the iterator appears in, in assignments, conditions and nested statements of the body;
// Boolean and enumeration dimensions give their values; an explicit range beside a deduced one.
model AlgImplicitIter
  type E = enumeration(one, two);
  Real x[2, Boolean], y[E], z[3], w[2, 2];
  Integer n;
algorithm
  for i, j loop
    x[i, j] := i * (if j then 2 else 1);
  end for;
  for k loop
    y[k] := Integer(k);
  end for;
  n := 0;
  for i loop
    if z[i] > 1 then
      n := n + 1;
    end if;
  end for;
  for i in 1:2, j loop
    w[i, j] := i + 10 * j;
  end for;
equation
  z = {time, 2 * time, 3 * time};
end AlgImplicitIter;
