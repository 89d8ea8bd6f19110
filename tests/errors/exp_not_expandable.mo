// Expandable connectors connect only to expandable connectors (spec 9.1.3).
model ExpNotExpandable
  expandable connector Bus
  end Bus;
  connector C
    Real e;
    flow Real f;
  end C;
  model M
    Bus bus;
    C c;
  end M;
  M m;
equation
  connect(m.bus, m.c);
end ExpNotExpandable;
// ERROR: %f:15:3: error: cannot connect expandable connector 'm.bus' to 'm.c', which is not expandable (spec 9.1.3)
