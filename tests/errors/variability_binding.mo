// The value of a parameter is a parameter expression, that of a constant a constant expression, and a
// constant has a value (specification 3.8).
// ERROR: %f:13:22: error: the value of parameter 'p' reads 'x', a continuous-time variable; it must be a parameter expression (specification 3.8)
// ERROR: %f:14:22: error: the value of parameter 'q' reads a continuous-time expression; it must be a parameter expression (specification 3.8)
// ERROR: %f:15:21: error: the value of constant 'c' reads 'k', a parameter; it must be a constant expression (specification 3.8)
// ERROR: %f:16:22: error: the value of parameter 'r' reads 'n', a discrete-time variable; it must be a parameter expression (specification 3.8)
// ERROR: %f:17:17: error: constant 'd' has no value: a constant needs a binding equation (specification 3.8.1)
model VariabilityBinding
  function twice
    input Real u;
    output Real y = 2*u;
  end twice;
  parameter Real p = twice(x);
  parameter Real q = 2*time;
  constant Real c = k + 1;
  parameter Real r = n;
  constant Real d;
  parameter Real k = 1 "fine";
  Real x = time;
  Integer n = integer(time);
  Real z = d + p + q + c + r;
end VariabilityBinding;
