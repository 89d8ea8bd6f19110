// An array of expandable connectors connected to an array of ordinary ones (spec 9.1.3) is refused naming
// both sides (review4 finding 03: it said "cannot connect '?' to 'c[1].v'"); one bus array to one bus
// is refused too.
model ExpArrayToPlain
  expandable connector Bus
    Real v;
  end Bus;
  connector C
    Real v;
  end C;
  Bus b[2];
  Bus one;
  C c[2];
  Real y = b[2].v;
equation
  c[1].v = time;
  c[2].v = 2*time;
  connect(b, c);
  connect(b, one);
end ExpArrayToPlain;
// ERROR: %f:18:3: error: cannot connect expandable connector 'b' to 'c', which is not expandable (spec 9.1.3)
// ERROR: %f:19:3: error: cannot connect 'b' to 'one': one is an array of expandable connectors, the other a single expandable connector
