// A nonlinear loop whose Jacobian is singular everywhere but whose equations agree (tests/sim/
// nl_singular.sh): both fix only x + y, as two friction elements stuck against each other fix only
// the sum of their torques (the MSL's LossyGearDemo2). Any x, y with x + y = 1 + t solves it.
model NlSingular
  Real x(start = 0.3), y(start = 0.2);
equation
  exp(x + y) = exp(1 + time);
  (x + y)^3 = (1 + time)^3;
end NlSingular;
