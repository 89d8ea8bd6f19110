// Algorithm sections whose reads only the outputs function computed (tests/sim/alg_needed.sh): each
// reads w = time (or x = time), which no derivative needs, so rhs computed it only when the algorithm's
// block, relations or asserts were counted as its readers (codegen_need.c)
package AlgNeeded
  // r = 2 t, z = t^2
  model Stale
    Real w = time;
    Real r;
    Real z(start = 0, fixed = true);
  equation
    der(z) = r;
  algorithm
    r := 2*w;
  end Stale;
  // x > 0.5 becomes true at t = 0.5: te = 0.5
  model WhenRel
    Real x = time;
    discrete Real te(start = -1, fixed = true);
  algorithm
    when x > 0.5 then
      te := time;
    end when;
  end WhenRel;
  // m switches from 0 to 1 at t = 0.5: z = 2 max(t - 0.5, 0)
  model IfRel
    Real x = time;
    Integer m(start = 0, fixed = true);
    Real z(start = 0, fixed = true);
  equation
    der(z) = 2*m;
  algorithm
    if x > 0.5 then
      m := 1;
    else
      m := 0;
    end if;
  end IfRel;
  // the relation reads w2 = 2 t, an output of another section: w2 > 1 from t = 0.5
  model Chain
    Real w = time;
    Real w2;
    discrete Real te(start = -1, fixed = true);
  algorithm
    w2 := 2*w;
  algorithm
    when w2 > 1 then
      te := time;
    end when;
  end Chain;
  // the section in an algebraic loop: a = b^3 + 2 b, b = a - 2 t, so b^3 + b = 2 t; b(1) = 1 and
  // z(1) = integral of b dt over [0, 1] = integral of b (3 b^2 + 1) / 2 db over [0, 1] = 5/8
  model InLoop
    Real w = time;
    Real a, b;
    Real z(start = 0, fixed = true);
  equation
    a = b^3 + 2*b;
    der(z) = b;
  algorithm
    b := a - 2*w;
  end InLoop;
  // the assert fails from t = 0.45 on; check() tests it after every accepted step, and der(z) keeps the
  // steps short (cos(50 t): well under 0.05)
  model AssertRel
    Real w = time;
    Real z(start = 0, fixed = true);
  equation
    der(z) = cos(50*time);
  algorithm
    assert(w < 0.45, "w reached 0.45");
  end AssertRel;
end AlgNeeded;
