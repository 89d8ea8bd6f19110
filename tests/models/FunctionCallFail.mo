// Failures of calls (tests/sim/function_calls.sh): a runaway recursion stops the run with a message naming
// the function and the time, never a crash of the C stack; a function without outputs called as an
// equation fails its assert when t passes 0.5.
package FunctionCallFail
  function runaway
    input Real x;
    output Real y;
  protected
    Real w[3] = {x, 2*x, 3*x};
  algorithm
    y := if x > 1e9 then x else runaway(x + sum(w)*0 + 1);
  end runaway;

  function check
    input Real t;
  algorithm
    assert(t < 0.5, "check: t reached " + String(t, significantDigits = 2));
  end check;

  model Runaway
    Real y = if time > 0.25 then runaway(time) else 0;
  end Runaway;

  model CheckFails
    Real x = time;
  equation
    check(x);
  end CheckFails;
end FunctionCallFail;
