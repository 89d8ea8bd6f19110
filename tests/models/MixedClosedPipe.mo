// A pipe between two vessels' ports that lie above the liquid in both (tests/sim/mixed_closed_pipe.sh),
// each port written as the MSL's Fluid vessels write theirs (Vessels.PartialLumpedVessel: closed, no
// flow and 's' the pressure difference scaled, or open to inflow, the vessel's pressure and 's' the
// flow; inFlow = s > 0). Port b lies lower by the pipe's head dh. Both closed is a singular loop: no
// flow twice, and one pipe equation for its two pressures. The one consistent regular mode is b open
// with no flow: pb = p0, pa = p0 - rho*g*dh, whatever dh does.
model MixedClosedPipe
  parameter Real p0 = 1e5, rhog = 9810, k = 1e-5 "scale of 's' while closed", R = 1e6;
  parameter Real w(unit = "rad/s") = 1;
  Real dh = 5 + 2 * sin(w * time) "the pipe's head: port b below port a";
  Real pa, pb, m_flow "from a to b";
  Real sa, sb;
  Boolean inA(start = false), inB(start = false);
equation
  pa - pb + rhog * dh = R * m_flow;
  inA = sa > 0;
  inB = sb > 0;
  if inA then
    pa = p0;
    sa = -m_flow;
  else
    m_flow = 0;
    sa = (pa - p0) * k;
  end if;
  if inB then
    pb = p0;
    sb = m_flow;
  else
    m_flow = 0;
    sb = (pb - p0) * k;
  end if;
  annotation(experiment(StopTime = 10));
end MixedClosedPipe;
