// A connect names a connector c or m.c, m a component of the class (spec 9.1): a.b.c1 reaches through
// two components that are no connectors.
model ConnectInvalidForm
  connector C
    Real e;
    flow Real f;
  end C;
  model B
    C c1, c2;
  end B;
  model A
    B b;
  end A;
  A a;
equation
  connect(a.b.c1, a.b.c2);
end ConnectInvalidForm;
// ERROR: %f:16:11: error: 'a.b.c1' cannot be connected here: a connect names a connector c or m.c, with m a component of this class
