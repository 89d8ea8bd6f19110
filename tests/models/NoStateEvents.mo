// A model without states whose relations move with time between the output points
// (tests/sim/nostate_events.sh): y = sin(20*pi*time) crosses 0.5 upward once a period of 0.1, and the
// output interval is one period, so every output point finds y at 0; w = (time - 0.55)^2 dips below
// 1e-6 only for 0.002 s, inside the interval [0.5, 0.6].
model NoStateEvents
  constant Real pi = 3.141592653589793;
  Real y = sin(2*pi*10*time);
  Real w = (time - 0.55)^2;
  Integer n(start = 0, fixed = true) "upward crossings of 0.5 by y";
  Real tl(start = -1, fixed = true) "the last one's time";
  Real tw(start = -1, fixed = true) "when w went below 1e-6";
equation
  when y > 0.5 then
    n = pre(n) + 1;
    tl = time;
  end when;
  when w < 1e-6 then
    tw = time;
  end when;
  annotation(experiment(StopTime = 1, Interval = 0.1));
end NoStateEvents;
