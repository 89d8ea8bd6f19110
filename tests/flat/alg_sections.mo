// Algorithm sections in --flat: unrolled for-loops, if-statements (parameter conditions decided),
// while, break, when/elsewhen with a vector condition, a swap assigned together, a tuple from a call,
// assert, terminate, an initial algorithm; outputs of a partly assigned array.
model AlgSections
  function two
    input Real t;
    output Real a;
    output Real b;
  algorithm
    a := t;
    b := 2 * t;
  end two;
  parameter Integer n = 3;
  parameter Boolean big = false;
  Real x[n];
  Real s, p, q;
  Integer k(start = 0, fixed = true);
  Real z(start = 0);
algorithm
  s := 0;
  for i in 1:n loop
    x[i] := i * time;
    s := s + x[i];
    if s > 2 then
      break;
    end if;
  end for;
  if big then
    s := -1;
  elseif time > 0.5 then
    s := 2 * s;
  else
    s := s + 1;
  end if;
  while s > 10 loop
    s := s / 2;
  end while;
  x := {x[2], x[1], x[3]};
  (p, q) := two(s);
algorithm
  when {time > 0.2, time > 0.4} then
    k := pre(k) + 1;
  elsewhen time > 0.9 then
    terminate("done");
  end when;
  assert(s < 100, "s too large: " + String(s));
initial algorithm
  z := 1;
equation
  der(z) = 1;
end AlgSections;
