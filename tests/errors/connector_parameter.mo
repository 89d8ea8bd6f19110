// A connector component cannot be a parameter or a constant (spec 9.3).
model ConnectorParameter
  connector C
    Real e;
    flow Real f;
  end C;
  parameter C c;
end ConnectorParameter;
// ERROR: %f:7:15: error: connector 'c' cannot be declared parameter
