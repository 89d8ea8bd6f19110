// Spec 9.1.3: a variable that is an input in one expandable connector is a non-input in at least one
// other expandable connector of its augmentation set. Here sys.bus and sys.c.bus form the set, and
// speed meets only inputs in both (nothing writes it): an error at the first connect to an input.
// Had a sensor's output been connected to either bus's speed, the set would be fine (as in
// tests/flat/expandable_bus.mo); a bus of the simulated model itself is exempt (its elements are inputs).
model ExpInputOnly
  connector RealInput = input Real;
  expandable connector Bus
  end Bus;
  block Act
    RealInput u = 1;
  end Act;
  model Ctrl
    Bus bus;
    Act a;
  equation
    connect(a.u, bus.speed);
  end Ctrl;
  model Sys
    Bus bus;
    Ctrl c;
    Act a;
  equation
    connect(c.bus, bus);
    connect(bus.speed, a.u);
  end Sys;
  Sys sys;
end ExpInputOnly;
// MODEL: ExpInputOnly
// ERROR: %f:17:5: error: 'sys.c.bus.speed' is an input in every expandable connector of its augmentation set: it must be a non-input (connected to an output, say) in at least one (specification 9.1.3)
