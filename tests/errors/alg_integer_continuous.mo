// ERROR: alg_integer_continuous.mo:27:8: error: 'k' is a discrete-time Integer, but the expression that gives it its value reads 'x', which is continuous-time (specification 3.8.3)
// ERROR: alg_integer_continuous.mo:28:8: error: 'b' is a discrete-time Boolean, but the expression that gives it its value reads time or a derivative, which is continuous-time (specification 3.8.3)
// ARGS: --emit-c -o /dev/null %f
// An algorithm's assignment to an Integer or Boolean outside a when-statement is checked as the equation
// k = f(x) is (review finding 07: k changed between events without one, 'when k == 3' never fired). The
// assignments that stay: a relation, integer() (event-generating), a when-statement's, a parameter's.
model AlgIntegerContinuous
  function f
    input Real x;
    output Integer k;
  algorithm
    k := integer(x);
  end f;
  function g
    input Real t;
    output Boolean b;
  algorithm
    b := t > 0.5;
  end g;
  parameter Real p = 2;
  Real x(start = 0, fixed = true);
  Integer k, j, m, n;
  Boolean b, c;
equation
  der(x) = 10;
algorithm
  k := f(x);
  b := g(time);
  c := x > 0.5;
  j := integer(x);
  m := f(p);
  when x > 0.3 then
    n := f(x);
  end when;
end AlgIntegerContinuous;
