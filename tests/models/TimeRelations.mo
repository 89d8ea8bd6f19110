// Relations of time with strict and non-strict operators, time on either side, whose instants are not
// output points and are followed by other time events before the next output point (output every 0.1).
// Closed forms (tests/sim/time_relations.sh): w switches to 2 right after 0.25 (x = 10 t, then
// 2.5 + 2 (t - 0.25)); u switches to 1 after 0.35 and q to 0 after 0.15 (z = t up to 0.15, then constant
// up to 0.35, then 0.15 + (t - 0.35)).
model TimeRelations
  Real w = if time > 0.25 then 2 else 10;
  Real v = if time > 0.3 then 2 else 10;
  Real u = if 0.35 < time then 1 else 0;
  Real q = if time <= 0.15 then 1 else 0;
  Real x(start = 0, fixed = true);
  Real z(start = 0, fixed = true);
equation
  der(x) = w + 0 * v;
  der(z) = u + q;
end TimeRelations;
