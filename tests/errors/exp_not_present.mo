// An element of an array that connects make element by element exists only where a connect makes it
// (spec 9.1.3: it is an error to refer to an element that is not present).
model ExpNotPresent
  expandable connector Bus
  end Bus;
  connector RealOutput = output Real;
  model M
    RealOutput y = 1;
  end M;
  Bus bus;
  M m;
  Real r;
equation
  connect(m.y, bus.y[2]);
  r = bus.y[1];
end ExpNotPresent;
// ERROR: %f:15:11: error: 'bus.y[1]' is not present: no connect makes it (specification 9.1.3)
