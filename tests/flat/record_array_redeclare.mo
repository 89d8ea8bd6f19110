// Arrays of records of a short record class with modifiers (spec 7.2.5): the short class's modifiers apply
// to every element ('each'), the declaration's values split over the array, also for a field that the short
// class redeclares (the MSL's SI.ComplexImpedance Z_ref[m](re(start = fill(1, m)), ...)).
model RecordArrayRedeclare
  record C
    Real re;
    Real im;
  end C;
  type Res = Real(unit = "Ohm");
  record CI = C(redeclare Res re);
  record C7 = C(re(start = 7), im(start = 8));
  parameter Integer m = 3;
  CI z[m](re(start = {1, 2, 3}), im(start = {4, 5, 6}));
  C7 a[2](im(start = {1, 2}));
  C7 b[2](re(start = {3, 4}));
  Real y = z[2].im + a[1].re + b[2].im;
end RecordArrayRedeclare;
