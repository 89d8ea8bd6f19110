// The rounds of one pass of event iteration (runtime/events.c solve_pass, codegen_reads.c):
// tests/sim/event_rounds.sh checks these against values derived by hand from the specification.
package EventRounds
  model AlgEdge "11.1.2: n starts each run from pre(n); at x = 0.5 the when fires once (n = 1) and edge(c) adds 100 once"
    Real x(start = 0, fixed = true);
    Boolean c;
    Integer n(start = 0, fixed = true);
  equation
    der(x) = 1;
    c = x > 0.5;
  algorithm
    when c then
      n := n + 1;
    end when;
    if edge(c) then
      n := n + 100;
    end if;
  end AlgEdge;

  model AlgInteger "11.1.2: an Integer assigned outside a when-statement starts from pre(k): k = 1 from t = 0.5"
    Real x(start = 0, fixed = true);
    Boolean b;
    Integer k(start = 0, fixed = true);
  equation
    der(x) = 1;
    b = x > 0.5;
  algorithm
    if edge(b) then
      k := k + 1;
    end if;
  end AlgInteger;

  model StaleBody "8.6: at t = 0.5 m = 1, then change(m) gives a = 10, and b = a of the first clause reads 10"
    Real x(start = 0, fixed = true);
    Integer m(start = 0, fixed = true);
    Integer a(start = 0, fixed = true);
    Integer b(start = 0, fixed = true);
  equation
    der(x) = 1;
    when x > 0.5 then
      b = a;
    end when;
    when change(m) then
      a = 10;
    end when;
    when x > 0.5 then
      m = 1;
    end when;
  end StaleBody;

  model ReinitRounds "a reinit in a pass that needs a second round is applied once: x = t - 1 after t = 0.5; k = n = 1"
    Real x(start = 0, fixed = true);
    Integer n(start = 0, fixed = true);
    Integer k(start = 0, fixed = true);
  equation
    der(x) = 1;
    when change(n) then
      k = n;
    end when;
    when x > 0.5 then
      reinit(x, -x);
      n = pre(n) + 1;
    end when;
  end ReinitRounds;

  model AlgEdgeContinuous "AlgEdge with a continuous output and an elsewhen: the section runs with the equations too (for y), from pre(n), its when-statement firing there as in update(): n = 101 from t = 0.5, 111 from 0.8"
    Real x(start = 0, fixed = true) "x = t";
    Boolean c;
    Integer n(start = 0, fixed = true);
    Real y "n x";
    Real z(start = 0, fixed = true) "the integral of y";
  equation
    der(x) = 1;
    c = x > 0.5;
    der(z) = y;
  algorithm
    when c then
      n := n + 1;
    elsewhen x > 0.8 then
      n := n + 10;
    end when;
    if edge(c) then
      n := n + 100;
    end if;
    y := n * x;
  end AlgEdgeContinuous;

  model Cycle "when-clauses that assign one another at the same event have no solution: the run stops"
    Real x(start = 0, fixed = true);
    Integer a(start = 0, fixed = true);
    Integer b(start = 0, fixed = true);
  equation
    der(x) = 1;
    when x > 0.5 then
      a = b + 1;
    end when;
    when x > 0.5 then
      b = a + 1;
    end when;
  end Cycle;
  model DerBody "8.6: at t = 0.5 k = 2, and v = der(x) of the clause before reads der(x) = -2*x(0.5) = -2*exp(-0.5)"
    Real x(start = 1, fixed = true);
    discrete Real k(start = 1, fixed = true);
    discrete Real v(start = 0, fixed = true);
    Boolean c = time > 0.5;
  equation
    der(x) = -k*x;
    when c then
      v = der(x);
    end when;
    when c then
      k = 2;
    end when;
  end DerBody;

  model DerAlg "as DerBody, v := der(x) in an algorithm's when-statement"
    Real x(start = 1, fixed = true);
    discrete Real k(start = 1, fixed = true);
    discrete Real v(start = 0, fixed = true);
    Boolean c = time > 0.5;
  equation
    der(x) = -k*x;
    when c then
      k = 2;
    end when;
  algorithm
    when c then
      v := der(x);
    end when;
  end DerAlg;

  model DerReinit "reinit(x, der(y)) reads der(y) = k = 7 of the later clause: x = 1, then 7 from t = 0.5"
    Real x(start = 1, fixed = true);
    Real y(start = 0, fixed = true);
    discrete Real k(start = 1, fixed = true);
    Boolean c = time > 0.5;
  equation
    der(x) = 0;
    der(y) = k;
    when c then
      reinit(x, der(y));
    end when;
    when c then
      k = 7;
    end when;
  end DerReinit;
  model ReinitLast "reinit(x, 5) in the first clause, v = x in the second: v reads x before the reinit (8.3.6: the state is set after all other evaluations), v = exp(-0.5) from t = 0.5 whatever the clauses' order"
    Real x(start = 1, fixed = true);
    discrete Real v(start = 0, fixed = true);
    discrete Real w(start = 0, fixed = true);
    Boolean c = time > 0.5;
  equation
    der(x) = -x;
    when c then
      w = x;
    end when;
    when c then
      reinit(x, 5);
    end when;
    when c then
      v = x;
    end when;
  end ReinitLast;

  model SmallChange "a changes by 1e-7 (1e-13 of itself) at t = 0.5: w = a - 1e6 of the clause before reads it"
    discrete Real a(start = 1e6, fixed = true);
    discrete Real w(start = 0, fixed = true);
    Boolean c = time > 0.5;
  equation
    when c then
      w = a - 1e6;
    end when;
    when c then
      a = 1e6 + 1e-7;
    end when;
  end SmallChange;
end EventRounds;
