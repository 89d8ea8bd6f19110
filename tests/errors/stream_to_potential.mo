// A stream variable is connected only to a stream variable.
model StreamToPotential
  connector A
    Real p;
    flow Real m;
    stream Real h;
  end A;
  connector B
    Real p;
    flow Real m;
    parameter Real h = 1;
  end B;
  A a;
  B b;
equation
  connect(a, b);
end StreamToPotential;
// ERROR: %f:16:3: error: cannot connect stream variable 'a.h' to non-stream variable 'b.h'
// ERROR: %f:6:17: note: 'a.h' is declared here
// ERROR: %f:11:20: note: 'b.h' is declared here
