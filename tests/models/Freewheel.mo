// A one-way clutch between two inertias (tests/sim/mixed_freewheel.sh), written as the MSL's
// Rotational.Components.OneWayClutch is: the Booleans startForward, locked and stuck and the path
// parameter sa in one algebraic loop, decided by the relations sa > tau0_max and sa > tau0. Inertia 1
// is driven by T = A sin(time); the clutch carries any torque while stuck and breaks loose forward when
// the torque it must carry, T/2, exceeds the static friction peak*tau0; it slides with tau0 until the
// speeds meet again. With large inertias the sliding mode's sa (tau0 + a_rel) is below tau0_max at the
// break-loose: the clutch slides only because pre(startForward) keeps 'sa > tau0' in charge at the
// event iteration's next pass (HeatLosses' one-way clutch at t = 0.71).
model Freewheel
  parameter Real J1 = 10, J2 = 10, A = 4, tau0 = 1, peak = 1.5;
  parameter Real w(unit = "1/s") = 1;
  Real w1(start = 0, fixed = true), w2(start = 0, fixed = true);
  Real a1, a2, w_rel, a_rel, tau "torque of the clutch on inertia 2", sa, tau0_max;
  Boolean startForward(start = false, fixed = true), locked(start = false), stuck(start = true, fixed = true);
equation
  der(w1) = a1;
  der(w2) = a2;
  J1 * a1 = A * sin(w * time) - tau;
  J2 * a2 = tau;
  w_rel = w1 - w2;
  a_rel = a1 - a2;
  tau0_max = peak * tau0;
  startForward = pre(stuck) and (sa > tau0_max or pre(startForward) and sa > tau0);
  locked = pre(stuck) and not startForward;
  a_rel = if locked then 0 else sa - tau0;
  tau = if locked then sa else tau0;
  stuck = locked or w_rel <= 0;
  annotation(experiment(StopTime = 20));
end Freewheel;
