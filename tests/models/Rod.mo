model Rod "A heat-conducting rod of N cells: the left end held at Tb, the right end insulated"
  parameter Integer N = 10 "number of cells";
  parameter Real C = 1 "heat capacity of a cell";
  parameter Real G = 10 "thermal conductance between neighbouring cells";
  parameter Real Tb = 400 "temperature of the left end";
  Real T[N](each start = 300, each fixed = true) "cell temperatures";
  Real Tmean = sum(T) / N "mean temperature";
  Real E "stored heat";
equation
  C * der(T[1]) = G * (Tb - 2 * T[1] + T[2]);
  for i in 2:N - 1 loop
    C * der(T[i]) = G * (T[i - 1] - 2 * T[i] + T[i + 1]);
  end for;
  C * der(T[end]) = G * (T[end - 1] - T[end]);
  E = C * ones(N) * T;
  annotation(experiment(StopTime = 1));
end Rod;
