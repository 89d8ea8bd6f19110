model ExtWritesInput "an external C function that writes into its array input (against 12.9.1.3)"
  function g
    input Real u[:];
    output Real s;
    external "C" s = ext_sum_and_clear(u, size(u, 1))
      annotation(Include = "static double ext_sum_and_clear(double *u, size_t n) { double s = 0; for (size_t i = 0; i < n; i++) { s += u[i]; u[i] = 0; } return s; }");
  end g;
  function h "a Modelica function passing its input on"
    input Real u[:];
    output Real s = g(u);
  end h;
  Real x[5](each start = 1, each fixed = true);
  Real s;
  Real s2;
equation
  der(x) = -x;
  s = g(x);
  s2 = h(x);
end ExtWritesInput;
