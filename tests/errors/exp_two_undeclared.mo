// A connect adds an element to an expandable connector only from a declared other side (spec 9.1.3).
model ExpTwoUndeclared
  expandable connector Bus
  end Bus;
  Bus bus1, bus2;
equation
  connect(bus1.pressure, bus2.pressure);
end ExpTwoUndeclared;
// ERROR: %f:7:3: error: 'bus1.pressure' and 'bus2.pressure' are both undeclared in their expandable connectors: one must be declared
