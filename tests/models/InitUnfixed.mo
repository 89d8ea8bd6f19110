// Completing the initial system (compiler/sort.c, sort_init) when start values are not fixed.
// - a1 is fixed; a2 is not, and nothing else determines it: mo2c assumes a2 = 2 (its start value).
// - A rigid pair of masses p1 = p2 + 1 (index 3: one position and one velocity stay states; avoid
//   makes p1 and v1 the dummy states). p1's fixed start is kept (it is the only position condition),
//   so p2 starts at 0.5, not at its unfixed start 0. v1's fixed start would over-determine the
//   initialization (v2 is a state with a fixed start): a warning, and it is ignored.
// - An algebraic loop z1 = c + z2, z2 = -0.5*z1 (so z1 = 2c/3), with the initial equation z1 = 1
//   determining c(0) = 1.5: c's unfixed start 3 is not used.
// Closed forms (tests/sim/init_unfixed.sh): a1 = e^-t, a2 = (2 + t) e^-t; with k/(m1 + m2) = 1,
// p1 = 1.5 cos t, p2 = p1 - 1, v1 = v2 = -1.5 sin t, F = 1.5 cos t; c = 1.5 e^(-2t/3), z1 = 2c/3,
// z2 = -c/3.
model InitUnfixed "unfixed starts, a dummy state with a fixed start, an algebraic loop"
  parameter Real k = 2;
  parameter Real m1 = 1;
  parameter Real m2 = 1;
  Real a1(start = 1, fixed = true);
  Real a2(start = 2);
  Real p1(start = 1.5, fixed = true, stateSelect = StateSelect.avoid);
  Real p2(start = 0);
  Real v1(start = 0, fixed = true, stateSelect = StateSelect.avoid);
  Real v2(start = 0, fixed = true);
  Real F;
  Real c(start = 3);
  Real z1;
  Real z2;
equation
  der(a1) = -a1;
  der(a2) = -a2 + a1;
  der(p1) = v1;
  der(p2) = v2;
  m1*der(v1) = F - k*p1;
  m2*der(v2) = -F;
  p1 = p2 + 1;
  der(c) = -z1;
  z1 = c + z2;
  z2 = -0.5*z1;
initial equation
  z1 = 1;
end InitUnfixed;
