// Parameters connect to parameters only, and constants to constants (spec 9.3).
model ConnectParamMismatch
  connector C1
    parameter Real k = 1;
    Real e;
    flow Real f;
  end C1;
  connector C2
    Real k;
    Real e;
    flow Real f;
    flow Real g;
  end C2;
  C1 c1;
  C2 c2;
equation
  connect(c1, c2);
end ConnectParamMismatch;
// ERROR: %f:17:3: error: cannot connect parameter 'c1.k' to non-parameter 'c2.k'
// ERROR: %f:4:20: note: 'c1.k' is declared here
// ERROR: %f:9:10: note: 'c2.k' is declared here
