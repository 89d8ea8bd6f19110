// Subscripts known only at run time (specification 10.5) in the flat model: x[k] is the array of the
// elements it may choose, subscripted by k ({x[1], x[2], x[3]}[k]); a Boolean subscript numbers false,
// true as 1, 2; A[i, j] with both subscripts known at run time nests; a[k].p over an array of
// components; A[:, j] keeps its other dimension; pre(v[k]) is the pre of the element chosen; an
// assignment w[j] := v stores into the element chosen: {w[1], w[2]}[...] := v.
model VarSubscripts
  type E = enumeration(a, b);
  model C
    Real p = 1;
  end C;
  Integer k(start = 1, fixed = true);
  Integer j = if time > 0.5 then 2 else 1;
  Boolean b = time > 0.3;
  E e = if b then E.b else E.a;
  Real x[3] = {1, 2, 3} * time;
  Real A[2, 2] = [1, 2; 3, 4] * time;
  C a[2];
  Real zb[Boolean] = {10, 20};
  Real ze[E] = {5, 6};
  Real y1 = x[k];
  Real y2 = A[j, k - 1];
  Real y3[2] = A[:, j];
  Real y4 = a[j].p;
  Real y5 = zb[b] + ze[e];
  Integer v[3](each start = 0, each fixed = true);
  Integer m(start = 0, fixed = true);
  Real w[2];
algorithm
  w := {0, 0};
  w[j] := time;
equation
  when sample(0.25, 0.25) then
    k = if pre(k) >= 3 then 2 else pre(k) + 1;
    v = pre(v) + {1, 2, 3};
    m = pre(v[k]);
  end when;
end VarSubscripts;
