model RecordBinding "a value for a whole record component: one binding per field"
  record R
    Real p = 1;
    Real q = 2;
  end R;
  model A
    parameter R r;
    Real x(start = r.p, fixed = true);
  equation
    der(x) = -r.q * x;
  end A;
  A a1(r(p = 3));
  A a2(r = R(p = 5, q = 6));
end RecordBinding;
