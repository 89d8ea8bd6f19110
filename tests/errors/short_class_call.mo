// 'class f2 = f' is a class, no function, so it cannot be called (spec 4.7, 12.1).
model M
  function f
    input Real x;
    output Real y;
  algorithm
    y := x;
  end f;
  class f2 = f;
  Real x = f2(23.0);
end M;
// MODEL: M
// ERROR: %f:10:12: error: 'f2' is declared 'class f2 = f', which is no function: only a function can be called (specification 4.7, 12.1)
