model ValveClosedTear
  "a torn loop through a valve whose closed branch has the coefficient opening_min*k, with opening_min = 0"
  parameter Real k = 2;
  parameter Real opening_min = 0;
  Boolean open = time < 0.5;
  Real m_flow(start = 0.5);
  Real dp;
  Real p;
  Real x(start = 0, fixed = true);
equation
  m_flow = if open then k * dp else opening_min * k * dp;
  dp = 2 - p;
  p^2 = 1 + m_flow * abs(m_flow);
  der(x) = m_flow;
  annotation(experiment(StopTime = 1));
end ValveClosedTear;
