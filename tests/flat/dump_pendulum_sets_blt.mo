// ARGS: --dump=blt %f
// The Cartesian pendulum (index 3) from 30 degrees by default: each choice of the dummy derivatives whose
// Jacobian varies is a state set (analysis/stateset.c): x, y, u, v and their derivatives are all
// algebraic, and the set states $STATESET1.x[1] (velocity level: der(x), der(y), u or v) and $STATESET2.x[1]
// (position level: x or y) copy the candidate their selectors k name, starting at the static choice
// (k = 4 of 4: u; k = 2 of 2: x; the dummies come first); the loops that hold the set equations are nonlinear (the if-expressions).
model dump_pendulum_sets_blt
  parameter Real m = 1, g = 9.81, L = 1;
  Real x(start = L*sin(0.5235987755982988), fixed = true);
  Real y(start = -L*cos(0.5235987755982988));
  Real u(start = 0, fixed = true);
  Real v(start = 0);
  Real lambda;
equation
  der(x) = u;
  der(y) = v;
  m*der(u) = -lambda*x;
  m*der(v) = -lambda*y - m*g;
  x^2 + y^2 = L^2;
end dump_pendulum_sets_blt;
