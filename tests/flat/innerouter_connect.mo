// Connections through outer elements (spec 9.2, its Circuit example): load.resistor is circuit.resistor,
// and its connectors stay inside connectors of load, so the sets merge as the specification lists
// them; an outer connector (probe.pin) is the inner pin, always an outside connector (-pin.i).
model InnerOuterConnect
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  partial model TwoPin
    Pin p, n;
  end TwoPin;
  model Resistor
    extends TwoPin;
    parameter Real R = 1;
  equation
    p.v - n.v = R * p.i;
    p.i + n.i = 0;
  end Resistor;
  model Ground
    Pin p;
  equation
    p.v = 0;
  end Ground;
  model Load
    extends TwoPin;
    outer Resistor resistor;
  equation
    connect(p, resistor.p);
    connect(resistor.n, n);
  end Load;
  model Probe
    outer Pin pin;
    Ground g;
  equation
    connect(pin, g.p);
  end Probe;
  Ground ground;
  Load load;
  inner Resistor resistor(R = 2);
  inner Pin pin;
  Probe probe;
equation
  connect(load.p, ground.p);
end InnerOuterConnect;
