// A unit mass driven by F = A sin(w t) and held by two dry brakes to the ground (tests/sim/
// mixed_two_brakes.sh), with the limits F1 and F2, each written as the MSL's friction elements are
// (PartialFriction: a path parameter sa, the force when locked, the acceleration + F0 when sliding;
// the 'pre(startFor) and sa > F0' hysteresis of the MSL left out). While the mass stands, both brakes
// locked is a singular loop: one balance, F = f1 + f2, for two forces. The runtime takes a regular
// mode instead, one brake at its limit (sliding starts, held by the other one's being locked), which
// gives the split a unique solution.
model MixedTwoBrakes
  parameter Real A = 3, w = 1, F1 = 1, F2 = 0.75;
  Real v(start = 0, fixed = true), a;
  Brake b1(F0 = F1), b2(F0 = F2);
  model Brake
    parameter Real F0;
    constant Integer Forward = 1, Stuck = 0, Backward = -1;
    input Real v, a;
    Real f "the brake's force against the motion", sa;
    Boolean startFor, startBack, locked;
    Integer mode(start = Stuck, fixed = true);
  equation
    startFor = pre(mode) == Stuck and sa > F0 or initial() and v > 0;
    startBack = pre(mode) == Stuck and sa < -F0 or initial() and v < 0;
    locked = not (pre(mode) == Forward or startFor or pre(mode) == Backward or startBack);
    a = if locked then 0 else if startFor then sa - F0 else if startBack then sa + F0
        else if pre(mode) == Forward then sa - F0 else sa + F0;
    f = if locked then sa else if startFor then F0 else if startBack then -F0
        else if pre(mode) == Forward then F0 else -F0;
    mode = if (pre(mode) == Forward or startFor) and v > 0 then Forward
           else if (pre(mode) == Backward or startBack) and v < 0 then Backward else Stuck;
  end Brake;
equation
  der(v) = a;
  a = A * sin(w * time) - b1.f - b2.f;
  b1.v = v;
  b1.a = a;
  b2.v = v;
  b2.a = a;
  annotation(experiment(StopTime = 10));
end MixedTwoBrakes;
