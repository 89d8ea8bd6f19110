// Derivatives computed by a torn linear loop that starts from the values its unknowns have, der(x1)
// among them: the integrator's buffer (tests/sim/der_loop_start.sh). M*der(x) = -x with
// M = [2, 1; 1, 3], so der(x) = A*x, A = -inv(M) = [-0.6, 0.2; 0.2, -0.4], symmetric: with
// m = -0.5 (half its trace) and r = sqrt(0.05) (half the eigenvalues' difference),
// exp(A t) = exp(m t)*(cosh(r t)*I + sinh(r t)/r*(A - m I)); from x(0) = {1, 0}:
// x1 = exp(-t/2)*(cosh(r t) - 0.1*sinh(r t)/r), x2 = exp(-t/2)*0.2*sinh(r t)/r.
model DerLoop
  Real x1(start = 1, fixed = true);
  Real x2(start = 0, fixed = true);
equation
  2*der(x1) + der(x2) = -x1;
  der(x1) + 3*der(x2) = -x2;
  annotation(experiment(StopTime = 5, Interval = 0.01));
end DerLoop;
