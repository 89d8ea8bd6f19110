// Array constructors with iterators inside functions whose elements are arrays (the MSL's
// Electrical.Machines.SpacePhasors.Functions.ToSpacePhasor: {{cos(-phi[k]), -sin(-phi[k])} for k in 1:m}):
// tests/sim/function_comprehension.sh checks the values against their closed forms, an empty range, and
// elements of different sizes (a run-time error); sum reductions of vectors (10.3.4.1).
package FunctionComprehension
  function rot "T[k, :] = {cos(phi[k]), -sin(phi[k])}"
    input Real phi[:];
    output Real T[size(phi, 1), 2];
  algorithm
    T := {{cos(phi[k]), -sin(phi[k])} for k in 1:size(phi, 1)};
  end rot;

  function grid "two iterators: the last one's range is the first dimension, G[j, i, :] = {i*a, j}"
    input Real a;
    output Real G[3, 2, 2];
  algorithm
    G := {{i*a, j} for i in 1:2, j in 1:3};
  end grid;

  function rows "n rows {k, k}: size(E, 1) + sum(E) = n + n*(n + 1)"
    input Integer n;
    output Real s;
  protected
    Real E[n, 2];
  algorithm
    E := {{k, k} for k in 1:n};
    s := size(E, 1) + sum(E);
  end rows;

  function ragged "elements of sizes 1, 2, ...: an error when n > 1"
    input Integer n;
    output Real s;
  algorithm
    s := sum({ones(k) for k in 1:n});
  end ragged;

  function powers "a sum reduction of vectors (the MSL's Fluid.Machines pump curves): {2 x1 + 3 x1^2, ...}"
    input Real x[:];
    input Integer n;
    output Real p[size(x, 1)];
    output Integer m[2] "{6, 12}";
  algorithm
    p := sum((i - 1)*x.^(i - 2) for i in 3:n);
    m := sum({k, 2*k} for k in 1:3);
  end powers;

  function five "powers({1, 2}, 4).p[1], the size of an array: evaluated when the model is compiled"
    output Integer k;
  protected
    Real p[2];
    Integer m[2];
  algorithm
    (p, m) := powers({1, 2}, 4);
    k := integer(p[1] + 0.5);
  end five;

  model Main
    Real T[3, 2] = rot({time, 2*time, 3*time});
    Real G[3, 2, 2] = grid(time);
    Real s0 = rows(0);
    Real s3 = rows(3);
    Real p[2] "{2 t + 3 t^2, 16}";
    Integer m[2];
    Real z[five()] = ones(five());
    Real nz = size(z, 1) "5";
  equation
    (p, m) = powers({time, 2}, 4);
  end Main;

  model Ragged
    parameter Integer n = 2;
    Real s = ragged(n);
  end Ragged;
end FunctionComprehension;
