// Calls of functions (tests/sim/function_calls.sh checks every output against its closed form):
// scalar functions applied element by element to arrays (12.4.6) in a model and in a function, a
// recursion 1000 calls deep, functions without outputs called as a statement and as an equation, and
// Strings in functions (concatenation, String() conversions, comparisons, String outputs and locals,
// assert messages built at run time, a warning-level assert that lets the run go on).
package FunctionCalls
  type Mode = enumeration(off "Off", low, high);

  function sq
    input Real x;
    input Real k = 1;
    output Real y;
  algorithm
    y := k*x^2;
  end sq;

  function dotw
    input Real w[:];
    input Real s;
    output Real y;
  algorithm
    y := sum(w)*s;
  end dotw;

  function useVec "inside a function: sq over a vector, dotw over its scalar input"
    input Real x[:];
    output Real r;
  protected
    Real q[size(x, 1)] = sq(x, 2);
    Real z[size(x, 1)] = dotw({1, 2}, x);
  algorithm
    r := sum(q) + 10*sum(z) + 100*sum(abs(x));
  end useVec;

  function recSum "1 + 2 + ... + n, recursively"
    input Integer n;
    output Integer s;
  algorithm
    s := if n <= 0 then 0 else n + recSum(n - 1);
  end recSum;

  function check "no outputs: called for its assert"
    input Real t;
    input Real limit;
  algorithm
    assert(t <= limit, "check: t = " + String(t) + " passed " + String(limit));
  end check;

  function checked "calls check as a statement"
    input Real t;
    output Real y;
  algorithm
    check(t, 100);
    y := 2*t;
  end checked;

  function describe "a String output, and a warning assert (printed once, the run goes on)"
    input Real x;
    input String unit = "m";
    input Mode m = Mode.low;
    output String s;
  protected
    String tmp;
  algorithm
    tmp := "x = " + String(x, significantDigits = 3) + " " + unit;
    s := tmp + ", mode " + String(m);
    assert(x < 1, "x passed 1: " + s, AssertionLevel.warning);
  end describe;

  function stringChecks "the number of String results that are as the specification says (8)"
    input Real t;
    output Integer n;
  protected
    String s;
  algorithm
    n := 0;
    n := n + (if String(2.5, significantDigits = 3) == "2.5" then 1 else 0);
    n := n + (if String(3, minimumLength = 4, leftJustified = false) == "   3" then 1 else 0);
    n := n + (if String(3, minimumLength = 3) == "3  " then 1 else 0);
    n := n + (if String(t > 100) == "false" and String(true) == "true" then 1 else 0);
    n := n + (if String(Mode.high) == "high" then 1 else 0);
    n := n + (if "a" + "b" == "ab" and "abc" < "abd" and "b" > "abc" and "x" <> "y" then 1 else 0);
    n := n + (if String(1234.5678, format = ".2f") == "1234.57" and String(255, format = "x") == "ff" then 1 else 0);
    s := describe(2.0, "km", Mode.off);
    n := n + (if s == "x = 2 km, mode off" then 1 else 0);
  end stringChecks;

  model Main
    Real x[3] = {1, 2, 3}*time;
    Real y[3] = sq(x);
    Real A[2, 2] = sq([1, 2; 3, 4]*time, 2);
    Real r = useVec({time, -2*time});
    Integer rec = recSum(1000);
    Real c = checked(time);
    Real ns = stringChecks(time) "(a Real: an Integer would have to be discrete-time, spec 3.8.3)";
  equation
    check(time, 100);
  end Main;
end FunctionCalls;
