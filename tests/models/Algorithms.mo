// Algorithm sections in a model (tests/sim/algorithms.sh checks Main against tests/ref/alg_ref.c).
package Algorithms
  function sc "two outputs"
    input Real t;
    output Real s;
    output Real c;
  algorithm
    s := sin(t);
    c := cos(t);
  end sc;

  model Main
    Real x(start = 1, fixed = true);
    Real a "computed by an algorithm, used by the equation of der(x)";
    Real b;
    Integer n(start = 0, fixed = true) "counts sample(0.05, 0.1)";
    Integer c(start = 0, fixed = true) "counts the elements of a vector when-condition";
    Integer k "halvings of 1 + time until below 0.0131";
    Integer m "the first i with i^2 > 7 time";
    Real r;
    Real p, q;
    Real u[2];
    Real z "a state whose start comes from an initial algorithm";
    parameter Real w = 2;
    parameter Real kk(fixed = false) "computed by an initial algorithm";
    Real e(start = 1, fixed = true);
  algorithm
    a := 2 * x;
    b := a + 1;
  algorithm
    when sample(0.05, 0.1) then
      n := pre(n) + 1;
    end when;
    when {time > 0.33, time > 0.66} then
      c := pre(c) + 1;
    end when;
  algorithm
    k := 0;
    r := 1 + time;
    while r > 0.0131 loop
      r := r / 2;
      k := k + 1;
    end while;
    for i in 1:10 loop
      if i * i > 7 * time then
        m := i;
        break;
      end if;
    end for;
    (p, q) := sc(time);
    u[1] := time;
    u[2] := 2 * time;
    u := {u[2], u[1]};
  initial algorithm
    z := 3;
  initial algorithm
    assert(w > 0, "w must be positive");
    kk := w * w + 1;
  equation
    der(x) = -a;
    der(z) = 1;
    der(e) = -kk * e;
  end Main;

  model Warn "an assert in a section and one in a when-statement, both warnings"
    Real x(start = 1, fixed = true);
  algorithm
    assert(x > 0.5, "x below 0.5", AssertionLevel.warning);
    when time > 0.3 then
      assert(x > 0.5, "x below 0.5 at the when", AssertionLevel.warning);
    end when;
  equation
    der(x) = -5 * x;
  end Warn;
end Algorithms;
