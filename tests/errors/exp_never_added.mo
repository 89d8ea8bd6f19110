// An equation may read an element of an expandable connector that a connect written after it adds
// (spec 9.1.3; tests/flat/expandable_bus.mo), but one that no connect adds is absent: an error once
// every connect is known.
model ExpNeverAdded
  expandable connector Bus
  end Bus;
  connector RealOutput = output Real;
  block Source
    RealOutput y = time;
  end Source;
  Source source;
  Bus bus;
  Real z;
equation
  z = bus.speed;
  connect(source.y, bus.torque);
end ExpNeverAdded;
// ERROR: %f:15:11: error: 'bus' has no component 'speed'
