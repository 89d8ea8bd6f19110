// An element of an expandable connector added as a whole array and element by element: not done yet.
model ExpWholeAndElements
  expandable connector Bus
  end Bus;
  connector RealOutput = output Real;
  model M
    RealOutput y = 1;
    RealOutput z[2] = {1, 2};
  end M;
  Bus bus;
  M m, n;
equation
  connect(m.y, bus.y[2]);
  connect(n.z, bus.y);
end ExpWholeAndElements;
// ERROR: %f:14:3: error: not supported yet: element 'y' of expandable connector 'bus' both as a whole array and element by element
