// flow on a record makes its fields flows, and a connector of it is balanced by field (spec 9.3.1);
// an unconnected flow of a connector is zero, a flow variable outside any connector is an ordinary
// variable (no zero equation for x).
model FlowStructured
  record R
    Real a;
    Real b;
  end R;
  connector C
    R e;
    flow R f;
  end C;
  model Source
    C c;
  equation
    c.e.a = 1;
    c.e.b = 2;
  end Source;
  model Load
    C c;
  equation
    c.f.a = c.e.a;
    c.f.b = 2 * c.e.b;
  end Load;
  Source m1;
  Load m2;
  flow Real x = 3;
equation
  connect(m1.c, m2.c);
end FlowStructured;
