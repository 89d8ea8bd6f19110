// Vector when-conditions stay vectors in the flat model; an assert inside a time-varying if-equation
// checks its condition under its branch's condition.
model WhenVectorFlat
  Real x(start = 1, fixed = true);
  Integer n(start = 0, fixed = true);
  Boolean b[2] = {time > 0.3, x < 0.5};
equation
  der(x) = -x;
  when {x < 0.5, time > 2} then
    n = pre(n) + 1;
  elsewhen b then
    n = pre(n) + 10;
  end when;
  if x > 0.9 then
    assert(n == 0, "n too early");
  elseif time > 1 then
    if n > 5 then
      assert(n < 20, "n too large");
    else
      assert(x < 0.4, "x too large");
    end if;
  else
    assert(x > 0.3, "x too small");
  end if;
end WhenVectorFlat;
