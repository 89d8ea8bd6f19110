package Ders
  function f input Real x; input Real y; output Real z; algorithm z := x*y; end f;
  function dfx = der(f, x) "partial derivative";
  function dfxy = der(Ders.f, x, y);
end Ders;
