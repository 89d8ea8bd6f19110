// Index reduction differentiates p = g(time) twice; g has no derivative annotation and a loop (not
// inlined), so its derivatives are made from its algorithm (analysis/funcad.c), linspace(a, b, n) as
// linspace(der(a), der(b), n) (tests/sim/funcad_linspace.sh). v = {u, 1.5 u, 2 u}: p = 7.25 t^2,
// vel = 14.5 t, acc = 14.5.
package FuncadLinspace
  function g
    input Real u;
    output Real y;
  protected
    Real v[3];
  algorithm
    v := linspace(u, 2 * u, 3);
    y := 0;
    for i in 1:3 loop
      y := y + v[i]^2;
    end for;
  end g;
  model M
    Real p, vel, acc;
  equation
    p = g(time);
    vel = der(p);
    acc = der(vel);
  end M;
end FuncadLinspace;
