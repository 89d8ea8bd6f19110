// Expandable connectors (spec 9.1.3): signals travel over buses. bus declares speed and unused (only
// potentially present: unused never appears); a connect adds torque to it; sensor.bus, connected to bus,
// gets every element of it (augmentation), and so does the nested sub-bus. Closed forms
// (tests/sim/expandable.sh): y = 2 sin(t) (speed through the bus), z = 3 t (torque), w = 1 + t (through
// the sub-bus).
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
  end Bus;
  block Source
    RealOutput s = sin(time);
    RealOutput t = 3 * time;
    RealOutput l = 1 + time;
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
  equation
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
equation
  connect(source.s, bus.speed);
  connect(source.t, bus.torque);
  connect(source.l, bus.sub.level);
  connect(bus, sensor.bus);
end ExpandableBus;
