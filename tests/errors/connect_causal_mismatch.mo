// Causal variables connect to causal variables only (spec 9.3).
model ConnectCausalMismatch
  connector C1
    input Real x;
    Real e;
    flow Real f;
  end C1;
  connector C2
    Real x;
    output Real e;
    flow Real f;
  end C2;
  model M
    C1 c1;
    C2 c2;
  end M;
  M m;
equation
  connect(m.c1, m.c2);
end ConnectCausalMismatch;
// ERROR: %f:19:3: error: cannot connect causal variable 'm.c1.x' (an input or output) to non-causal variable 'm.c2.x'
// ERROR: %f:4:16: note: 'm.c1.x' is declared here
// ERROR: %f:9:10: note: 'm.c2.x' is declared here
