// ARGS: --no-state-sets --dump=blt %f
// The Cartesian pendulum (index 3) from 30 degrees: the constraint is differentiated twice; states x
// and u (the y coefficient of the constraint's Jacobian is the larger at 30 degrees), y and v dummies: the static
// choice (--no-state-sets; dump_pendulum_sets_blt.mo is the default, state sets).
model dump_pendulum_blt
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
end dump_pendulum_blt;
