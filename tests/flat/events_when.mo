// when/elsewhen with reinit, assert and terminate; time-varying if-equations become if-expressions
// (the same left-hand side: y = if ...; different ones: 0 = if ... then l - r else ...).
model W
  parameter Real e = 0.5;
  Real h(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
  Real y, a, b;
  Integer n(start = 0);
  Boolean up(start = false);
equation
  der(h) = v;
  der(v) = -9.81;
  if h > 0.5 then
    y = 1;
    a = b;
  elseif time > 2 then
    y = 2;
    2*a = b;
  else
    y = 3;
    a = 0;
  end if;
  b = time;
  when h <= 0 then
    reinit(v, -e*pre(v));
    n = pre(n) + 1;
    up = true;
  elsewhen time > 1 and not up then
    up = false;
  elsewhen sample(0.5, 0.5) then
    assert(n < 10, "n = " + String(n), AssertionLevel.warning);
    terminate("stop");
  end when;
  assert(noEvent(h < 2), "too high");
end W;
