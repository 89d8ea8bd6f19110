// A connection set of causal variables has at most one source (spec 9.3): here an input of the class
// holding the connects and an output of a component reach one set through b.u.
model ConnectTwoSources
  connector RealInput = input Real;
  connector RealOutput = output Real;
  block B
    RealInput u;
    RealOutput y = 2;
  end B;
  block A
    RealInput u;
    B b;
  equation
    connect(u, b.u);
    connect(b.u, b.y);
  end A;
  A a(u = 1);
end ConnectTwoSources;
// ERROR: %f:15:5: error: a connection set has two sources of its signal: 'a.u' (an input of the class holding the connect) and 'a.b.y' (an output of a component)
// ERROR: %f:14:5: note: 'a.u' is connected here
