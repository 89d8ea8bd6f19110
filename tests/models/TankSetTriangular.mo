// A tank emptied at a constant rate q, its balances of the mass m and the internal energy U, whose level
// and temperature T the model differentiates too (lrate, Trate), declared StateSelect.prefer
// (tests/sim/state_set_triangular.sh). m = rho A level and U = m cv T tie them: index reduction
// differentiates both and keeps level and T, with der(m) and der(U) the dummies, each with coefficient
// 1 in its row (der(m)'s entry in the second, -cv T, varies): a choice that can never degenerate.
model TankSetTriangular
  parameter Real rho = 1000, A = 2, cv = 4184, q = 50, T0 = 300, level0 = 1;
  Real level(start = level0, fixed = true, stateSelect = StateSelect.prefer);
  Real T(start = T0, fixed = true, stateSelect = StateSelect.prefer);
  Real m, U, m_out, lrate, Trate;
equation
  m = rho * A * level;
  U = m * cv * T;
  m_out = if level > 0 then q else 0;
  der(m) = -m_out;
  der(U) = -m_out * cv * T;
  lrate = der(level);
  Trate = der(T);
  annotation(experiment(StopTime = 60));
end TankSetTriangular;
