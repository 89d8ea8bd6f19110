// A slice of an array that connects make element by element (spec 9.1.3) is not done yet: a clear error.
model ExpSubscript
  expandable connector Bus
  end Bus;
  connector RealOutput = output Real;
  model M
    RealOutput y[2] = {1, 2};
  end M;
  Bus bus;
  M m;
equation
  connect(m.y, bus.y[1:2]);
end ExpSubscript;
// ERROR: %f:12:22: error: not supported yet: a slice of an array of an expandable connector that its connects make element by element ('bus.y[1:2]')
