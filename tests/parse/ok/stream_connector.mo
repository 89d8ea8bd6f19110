connector FluidPort
  flow Real m_flow;
  Real p;
  stream Real h_outflow;
end FluidPort;
