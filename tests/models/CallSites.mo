// Calls whose elements several equations read, run once per evaluation (codegen_sites.c):
// tests/sim/call_sites.sh.
package CallSites
  function f "two array outputs"
    input Real u[:];
    output Real a[size(u, 1)];
    output Real b[size(u, 1)];
  algorithm
    for i in 1:size(u, 1) loop
      a[i] := 2 * u[i];
      b[i] := u[i] + 1;
    end for;
  end f;

  function h "two scalar outputs of an array"
    input Real u[:];
    output Real p;
    output Real q;
  algorithm
    p := u[1] + u[size(u, 1)];
    q := u[1] - u[size(u, 1)];
  end h;

  // x_i = exp(-2 i t / N): der(x_i) = -a_i i / N + b_i - x_i - 1 with a = 2 x, b = x + 1; p, q are
  // both outputs of h.
  model Tuple
    parameter Integer N = 300;
    Real x[N](each start = 1, each fixed = true);
    Real a[N], b[N];
    Real p, q;
  equation
    (a, b) = f(x);
    for i in 1:N loop
      der(x[i]) = -a[i] * i / N + b[i] - x[i] - 1;
    end for;
    (p, q) = h(x);
  end Tuple;
end CallSites;
