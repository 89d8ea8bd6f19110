// A planar pendulum in Cartesian coordinates: a point mass m on a massless rod of length L, with the
// rod force lambda*(x, y) as the Lagrange multiplier of the constraint x^2 + y^2 = L^2 (index 3).
// Released at rest from 30 degrees. After index reduction the system has two degrees of freedom, so
// the initial system needs exactly two conditions: x (fixed) and u = 0 (fixed). The constraint then
// gives y (its start value picks the lower root) and its derivative x*u + y*v = 0 gives v = 0;
// the start values of y and v are only guesses, hence not fixed.
// Reference: tests/ref/pendulum_ref.c (the polar form, integrated independently).
model Pendulum "Cartesian pendulum, index 3"
  parameter Real m = 1 "mass";
  parameter Real L = 1 "rod length";
  parameter Real g = 9.81 "gravity";
  Real x(start = 0.5*L, fixed = true) "L*sin(30 deg)";
  Real y(start = -0.8660254037844386*L) "-L*cos(30 deg)";
  Real u(start = 0, fixed = true);
  Real v(start = 0);
  Real lambda;
equation
  der(x) = u;
  der(y) = v;
  m*der(u) = -lambda*x;
  m*der(v) = -lambda*y - m*g;
  x^2 + y^2 = L^2;
  annotation(experiment(StopTime = 10, Interval = 0.01, Tolerance = 1e-8));
end Pendulum;
