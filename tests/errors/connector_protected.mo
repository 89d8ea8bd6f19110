// A connector has no protected elements (specification 4.6).
// ERROR: %f:7:10: error: a connector cannot have protected elements (specification 4.6)
model ConnectorProtected
  connector C
    Real v;
  protected
    Real w;
  end C;
  C c;
equation
  c.v = 1;
end ConnectorProtected;
