// A nonlinear model with top-level inputs and outputs (tests/sim/rt_inputs_lin.sh): its inputs read with
// -csvInput, its linearization with -l against the closed-form partial derivatives.
model LinSys "pendulum-like, driven by u"
  input Real u(start = 0.25) "drive";
  input Real w "a second input, not in every file";
  output Real y1 "x1^2 + 3 u";
  output Real y2 "x2 u + w";
  Real x1(start = 1, fixed = true);
  Real x2(start = 0, fixed = true);
  parameter Real k = 2;
equation
  der(x1) = x2;
  der(x2) = -k * sin(x1) - 0.5 * x2 + u * x1 + w;
  y1 = x1 ^ 2 + 3 * u;
  y2 = x2 * u + w;
end LinSys;
