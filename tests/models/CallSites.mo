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

  // A record constant made by a function that is not evaluated when compiling (it calls an external
  // one): the equations that read its fields share the call, and so does the algebraic loop, whose
  // residual is a C function of its own, where the site of the sequence's function is not declared (it
  // read mo_s0 there: C that did not compile, found in Fluid's HeatingSystem). y1 = 2 sin 2 + 3 t,
  // y2 = 3 - 2 sin(2) t; z1 + z2 = 2 sin 2 + t, z1 - sin z2 = 3.
  function csin "external: not evaluated when compiling"
    input Real x;
    output Real y;
  external "C" y = sin(x);
  end csin;

  record R
    Real a;
    Real b;
  end R;

  function g
    input Real u;
    output R r;
  algorithm
    r.a := 2 * csin(u);
    r.b := u + 1;
  end g;

  constant R c = g(2);

  model Loop
    Real y1, y2, z1, z2;
  equation
    y1 = c.a + c.b * time;
    y2 = c.b - c.a * time;
    z1 + z2 = c.a + time;
    z1 - sin(z2) = c.b;
  end Loop;
end CallSites;
