// Vector when-conditions (spec 8.3.5.1): a branch fires when any element becomes true, elsewhen with
// vectors, a Boolean array as the condition; asserts inside if-equations with time-varying conditions
// hold only where their branch does. Event times (closed forms, tests/sim/when_vector.sh): x = e^-t
// crosses 0.5 at ln 2; the other conditions at the times written.
model WhenVector
  parameter Integer expected = 22;
  Real x(start = 1, fixed = true);
  Integer n(start = 0, fixed = true);
  Integer m(start = 0, fixed = true);
  Boolean b[2] = {time > 0.3, x < 0.5};
equation
  der(x) = -x;
  when {x < 0.5, time > 2} then
    n = pre(n) + 1;
  elsewhen {time > 0.2, time > 0.1} then
    n = pre(n) + 10;
  end when;
  when b then
    m = pre(m) + 1;
  end when;
  if terminal() then
    assert(n == expected, "n is not the expected count at the end");
  elseif time > 1 then
    assert(m == 2, "m is not 2 after t = 1");
  end if;
  annotation(experiment(StopTime = 3));
end WhenVector;
