model ExpandableSubBus
  "q reads bus.sub.w, an element of a declared sub-bus that a connect inside component c adds (augmentation
   through connect(c.bus, bus), 9.1.3): the equation waits for the connects. Closed forms: q = 5 t, s[i] = i t"
  expandable connector Sub
  end Sub;
  expandable connector Bus
    Sub sub;
  end Bus;
  connector RO = output Real;
  model C
    Bus bus;
    RO w = 5*time;
  equation
    connect(w, bus.sub.w);
  end C;
  Bus bus;
  C c;
  RO s[2];
  Real r;
  Real q;
equation
  r = 2*time;
  for i in 1:2 loop
    s[i] = i*time;
    connect(s[i], bus.u[i]);
  end for;
  connect(c.bus, bus);
  q = bus.sub.w;
end ExpandableSubBus;
