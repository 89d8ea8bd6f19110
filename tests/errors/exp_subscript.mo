// A new element with subscripts (an array made element by element) is not done yet: a clear error.
model ExpSubscript
  expandable connector Bus
  end Bus;
  connector RealOutput = output Real;
  model M
    RealOutput y = 1;
  end M;
  Bus bus;
  M m;
equation
  connect(m.y, bus.y[2]);
end ExpSubscript;
// ERROR: %f:12:20: error: not supported yet: a new element of an expandable connector with subscripts ('bus.y[2]')
