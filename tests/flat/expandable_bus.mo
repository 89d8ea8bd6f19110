// Expandable connectors (spec 9.1.3): signals travel over buses. bus declares speed and unused (only
// potentially present: unused never appears); a connect adds torque to it; sensor.bus, connected to bus,
// gets every element of it (augmentation), and so does the nested sub-bus. Connects add the elements 1
// and 3 of an array gains (element 2 is never made), and give the declared vec[:] its size (2). Closed
// forms (tests/sim/expandable.sh): y = 2 sin(t) (speed through the bus), z = 3 t (torque), w = 1 + t
// (through the sub-bus), v = 5 (gains[3] through the bus), r = 4 t + 1 (gains[1] read in an equation),
// q = {t, 2 t} (vec), sensor.e = 4 t (gains[1], which sensor.bus gets by augmentation only). r and
// sensor.e are written before the connects that add what they read (9.1.3: every connect counts).
model ExpandableBus
  connector RealInput = input Real;
  connector RealOutput = output Real;
  expandable connector SubBus
    Real level;
  end SubBus;
  expandable connector Bus
    Real speed;
    Real unused;
    SubBus sub;
    Real vec[:];
  end Bus;
  block Source
    RealOutput s = sin(time);
    RealOutput t = 3 * time;
    RealOutput l = 1 + time;
    RealOutput g1 = 4 * time;
    RealOutput g3 = 5;
    RealOutput a[2] = {time, 2 * time};
  end Source;
  block Gain
    RealInput u;
    RealOutput y = 2 * u;
  end Gain;
  model Sensor
    Bus bus;
    Gain gain;
    RealOutput z;
    RealOutput w;
    RealOutput v;
    RealOutput q[2];
    Real e;
  equation
    e = bus.gains[1];
    connect(bus.gains[3], v);
    connect(bus.vec, q);
    connect(bus.speed, gain.u);
    connect(bus.torque, z);
    connect(bus.sub.level, w);
  end Sensor;
  Source source;
  Bus bus;
  Sensor sensor;
  Real y = sensor.gain.y;
  Real z = sensor.z;
  Real w = sensor.w;
  Real v = sensor.v;
  Real r;
  Real q[2] = sensor.q;
equation
  r = bus.gains[1] + 1;
  connect(source.g1, bus.gains[1]);
  connect(source.g3, bus.gains[3]);
  connect(source.a, bus.vec);
  connect(source.s, bus.speed);
  connect(source.t, bus.torque);
  connect(source.l, bus.sub.level);
  connect(bus, sensor.bus);
end ExpandableBus;
