// User-defined functions end to end: a Taylor series in a while loop (cosTaylor), Horner in a for loop
// with defaults and a named argument (poly), Newton iteration with break and return (newtonSqrt), two
// outputs (sumProd), records as arguments and result (cmul). Every variable has a closed form:
//   x = exp(sin t) (der(x) = cos(t) x, x(0) = 1), r = sqrt(x), p = 1 + t/2 + t^2/2 + t^3/8,
//   s = x + 2, q = 2 x, z = (cos t, sin t), w = z*z = (cos 2t, sin 2t).
// Reference: tests/ref/functions_ref.c.
package Functions
  record Complex "a record with scalar fields"
    Real re;
    Real im;
  end Complex;

  function cosTaylor "cos(x) by its Taylor series, summed in a while loop until the terms vanish"
    input Real x;
    input Real tol = 1e-17;
    output Real y;
  protected
    Real term;
    Integer k;
  algorithm
    term := 1;
    y := 1;
    k := 0;
    while abs(term) > tol loop
      k := k + 2;
      term := -term * x * x / (k * (k - 1));
      y := y + term;
    end while;
  end cosTaylor;

  function poly "c0 + c1 x + c2 x^2 + c3 x^3 by Horner's rule in a for loop"
    input Real x;
    input Real c0 = 1;
    input Real c1 = 0.5;
    input Real c2 = -0.25;
    input Real c3 = 0.125;
    output Real y;
  protected
    Real c;
  algorithm
    y := 0;
    for k in 3:-1:0 loop
      c := if k == 3 then c3 elseif k == 2 then c2 elseif k == 1 then c1 else c0;
      y := y * x + c;
    end for;
  end poly;

  function newtonSqrt "sqrt(a) by Newton's iteration, with break and return"
    input Real a;
    output Real r;
  protected
    Real next;
  algorithm
    if a <= 0 then
      r := 0;
      return;
    end if;
    r := if a > 1 then a else 1;
    while true loop
      next := 0.5 * (r + a / r);
      if abs(next - r) <= 1e-15 * r then
        r := next;
        break;
      end if;
      r := next;
    end while;
  end newtonSqrt;

  function sumProd "two outputs"
    input Real a;
    input Real b = 2;
    output Real s;
    output Real p;
  algorithm
    s := a + b;
    p := a * b;
  end sumProd;

  function cmul "complex product: records as arguments and result"
    input Complex u;
    input Complex v;
    output Complex w;
  algorithm
    w.re := u.re * v.re - u.im * v.im;
    w.im := u.re * v.im + u.im * v.re;
  end cmul;

  model Main
    Real x(start = 1, fixed = true) "x = exp(sin(t))";
    Real r "sqrt(x)";
    Real p "poly(t, c2 = 0.5)";
    Real s, q;
    Complex z, w;
  equation
    der(x) = cosTaylor(time) * x;
    r = newtonSqrt(x);
    p = poly(time, c2 = 0.5);
    (s, q) = sumProd(x);
    z.re = cos(time);
    z.im = sin(time);
    w = cmul(z, v = z);
    annotation(experiment(StopTime = 2));
  end Main;
end Functions;
