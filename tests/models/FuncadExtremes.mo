// Derivatives made from a function's algorithm (analysis/funcad.c, diff.c) through min, max and product
// of a vector and of a reduction: x = g(time) with der(x) = v makes index reduction differentiate g,
// whose loop keeps it from being inlined (tests/sim/funcad_extremes.sh).
package FuncadExtremes
  function g
    input Real t;
    output Real y[4] "{min(t, 2 - t), 3 (t + 1), 2 t (t + 1), t}";
  protected
    Real a[3] = {t, 2 - t, 5};
    Real s = 0;
  algorithm
    for i in 1:3 loop
      s := s + i;
    end for;
    y := {min(a), max((t + 1)*i for i in 1:3), product({t, t + 1, 2}), min({t, t})}*(s/6);
  end g;

  model M
    Real x[4];
    Real v[4] "{if t < 1 then 1 else -1, 3, 4 t + 2, 1}";
  equation
    der(x) = v;
    x = g(time);
  end M;
end FuncadExtremes;
