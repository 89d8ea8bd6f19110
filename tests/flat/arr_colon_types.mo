// Array dimensions given by ':' (sized by the binding, an array attribute or a modifier, also in records
// and through short classes), array types defined by short classes, the order of mixed declaration forms
// (spec 10.1: Real[3, 2] x[4, 5] is Real x[4, 5, 3, 2]), long-form types, size() of all of them, and an
// if-expression whose parameter condition picks between branches of different sizes.
model ArrColonTypes
  type Real3 = Real[3];
  type Real23 = Real3[2];
  type Vec = Real[:];
  type Length
    extends Real(unit = "m");
  end Length;
  type Position
    extends Length(start = 1);
  end Position;
  record R
    Real v[:];
  end R;
  parameter Real table[:, :] = [0, 0; 1, 1; 2, 4];
  parameter Real A[:, size(A, 1)] = [1, 2; 3, 4];
  parameter Integer n = size(table, 1);
  parameter Integer m = 0;
  parameter Real t2[:, 2] = if m > 0 then [table; 5, 6] else table[1:2, :];
  Real y[:] = {1, 2};
  Real z[:](start = {1, 2});
  Real[2] w[3];
  Real23 u = {{1, 2, 3}, {4, 5, 6}};
  Real3 v[2];
  Vec p = {7, 8};
  Length l = 2;
  Position q[2](each fixed = true);
  R r(v = {1, 2, 3});
equation
  der(z) = -z;
  w = {{1, 2}, {3, 4}, {5, 6}} * size(w, 1);
  v = u;
  der(q) = {size(v, 2), size(r.v, 1)};
end ArrColonTypes;
