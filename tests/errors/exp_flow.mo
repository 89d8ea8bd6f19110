// An expandable connector holds no flow variable of its own, only connectors with flows (spec 9.1.3).
model ExpFlow
  expandable connector Bus
    Real e;
    flow Real f;
  end Bus;
  Bus bus;
end ExpFlow;
// ERROR: %f:5:15: error: an expandable connector cannot hold flow variable 'f' (only inside a connector)
