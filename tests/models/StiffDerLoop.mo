model StiffDerLoop
  "a loop whose unknown is a derivative, der(v) + 0.1 der(v)^3 = -x - 0.1 v (the generated code starts it from
  dx), beside a fast mode, der(z) = -1e5 (z - x), that holds rkf45's steps by stability until it hands over to
  msbdf (tests/sim/stiff_lambda_start.sh); the Jacobian's dominant eigenvalue is -1e5"
  Real x(start = 1, fixed = true), v(start = 0, fixed = true), z(start = 0, fixed = true);
equation
  der(x) = v;
  der(v) + 0.1*der(v)^3 = -x - 0.1*v;
  der(z) = -1e5*(z - x);
  annotation(experiment(StopTime = 0.02, Interval = 0.01));
end StiffDerLoop;
