// A Real that an algorithm's when-statement assigns is a discrete-time variable (4.5.3); its assignments
// outside the when-statement need discrete-time values (3.8.3), as an Integer's do
// (alg_integer_continuous.mo). 'y := time; when time > 0.5 then y := 10; end when;' was accepted and y
// silently sampled at events (review finding 02). The assignments that stay: pre(r), a parameter, an
// Integer, a relation's value, and every assignment of u, which no when-statement assigns.
model AlgRealWhenContinuous
  parameter Real p = 2;
  Real x(start = 1, fixed = true);
  Real y, z, r, u;
  Integer k(start = 0, fixed = true);
algorithm
  y := time;
  z := 2 * x;
  r := pre(r) + p + k + (if x > 0.5 then 1 else 0);
  u := x;
  when time > 0.5 then
    y := 10;
    z := 1;
    r := x;
    k := 1;
  end when;
equation
  der(x) = -x;
end AlgRealWhenContinuous;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:12:8: error: 'y' is a discrete-time Real (a when-clause assigns it), but the expression that gives it its value reads time or a derivative, which is continuous-time (specification 3.8.3)
// ERROR: %f:13:8: error: 'z' is a discrete-time Real (a when-clause assigns it), but the expression that gives it its value reads 'x', which is continuous-time (specification 3.8.3)
