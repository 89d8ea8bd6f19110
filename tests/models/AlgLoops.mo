// Algorithm sections inside algebraic loops (an output feeds back into an input through equations):
// tests/sim/alg_loops.sh.
package AlgLoops
  // x = y + time with y := 1 + 0.5 sin(x): the loop x = 1 + 0.5 sin(x) + time, solved with the
  // section run inside the solver; w and v are computed from its solution.
  model Main
    Real x, y, w, v;
  algorithm
    y := 1 + 0.5 * sin(x);
    w := y * y;
  equation
    x = y + time;
    v = w + x;
  end Main;

  // Two unknowns besides the section's outputs, a state feeding the section, and a section that
  // assigns its output in a for-loop: u := a + 0.1 b three times, with a = u / 2 + x, b = a + u,
  // der(x) = -x.
  model Two
    Real x(start = 1, fixed = true);
    Real u, a, b;
  algorithm
    u := a;
    for i in 1:3 loop
      u := u + 0.1 * b;
    end for;
  equation
    a = u / 2 + x;
    b = a + u;
    der(x) = -x;
  end Two;
end AlgLoops;
