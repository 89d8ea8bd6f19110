// A binding is flattened with its component, before the connects that add elements to an expandable
// connector (an equation waits for them: tests/flat/expandable_bus.mo): not supported yet there.
model ExpBindingBefore
  expandable connector Bus
  end Bus;
  connector RealOutput = output Real;
  block Source
    RealOutput y = time;
  end Source;
  Source source;
  Bus bus;
  Real z = bus.torque;
equation
  connect(source.y, bus.torque);
end ExpBindingBefore;
// ERROR: %f:12:16: error: not supported yet: reading 'torque' of the expandable connector 'bus' outside an equation before the connects that may add it (write the binding as an equation)
