model PreferStart
  "a tank whose mass and energy are the states (no start values) while level and T, which prefer to be
  states, have the start values: the initialization takes those (OneTank of the MSL's AST_BatchPlant)"
  parameter Real A = 2 "cross area";
  parameter Real rho = 1000 "density";
  parameter Real cp = 4000 "specific heat capacity";
  parameter Real k = 50 "outflow per level";
  parameter Real Q = 1e5 "heat flow";
  Real m "mass";
  Real U "internal energy";
  Real u "specific internal energy";
  Real level(start = 0.8, stateSelect = StateSelect.prefer);
  Real T(start = 300, stateSelect = StateSelect.prefer);
equation
  m = rho * A * level;
  U = m * u;
  u = cp * T;
  der(m) = -k * level;
  der(U) = -k * level * u + Q;
  annotation(experiment(StopTime = 10));
end PreferStart;
