// The state machine operators are not allowed in functions (spec 17.1).
model SmInFunction
  function f
    input Real x;
    output Integer y;
  algorithm
    y := ticksInState();
  end f;
  Integer k = f(time);
end SmInFunction;
// ERROR: %f:7:10: error: ticksInState is not allowed in a function (state machines, spec 17.1)
