// A dry clutch between two unit masses (tests/sim/mixed_loop.sh): mass 1 is driven by F = A sin(w t),
// mass 2 only through the clutch, which sticks while the force it must carry, F/2, stays within F0 and
// slides with the force F0 otherwise. Written as the MSL's friction elements are (PartialFriction: a
// path parameter sa, the force when locked, the relative acceleration + F0 when sliding), so that
// the Booleans locked, startFor and startBack are unknowns of one algebraic loop with sa, decided by
// the relations sa > F0 and sa < -F0.
model MixedClutch
  parameter Real A = 3, w = 1, F0 = 1;
  constant Integer Forward = 1, Stuck = 0, Backward = -1;
  Real v1(start = 0, fixed = true), v2(start = 0, fixed = true);
  Real vrel, arel, f "force of the clutch on mass 2", sa;
  Boolean startFor, startBack, locked;
  Integer mode(start = Stuck, fixed = true);
equation
  der(v1) = A * sin(w * time) - f;
  der(v2) = f;
  vrel = v1 - v2;
  arel = der(v1) - der(v2);
  startFor = pre(mode) == Stuck and sa > F0 or initial() and vrel > 0;
  startBack = pre(mode) == Stuck and sa < -F0 or initial() and vrel < 0;
  locked = not (pre(mode) == Forward or startFor or pre(mode) == Backward or startBack);
  arel = if locked then 0 else if startFor then sa - F0 else if startBack then sa + F0
         else if pre(mode) == Forward then sa - F0 else sa + F0;
  f = if locked then sa else if startFor then F0 else if startBack then -F0
      else if pre(mode) == Forward then F0 else -F0;
  mode = if (pre(mode) == Forward or startFor) and vrel > 0 then Forward
         else if (pre(mode) == Backward or startBack) and vrel < 0 then Backward else Stuck;
  annotation(experiment(StopTime = 10));
end MixedClutch;
