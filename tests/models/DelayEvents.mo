// Event-triggering calls of delay() and of each other (tests/sim/delay_events.sh)
model DelayEvents
  Real x = time;
  // integer() of a delayed signal: the delay's history feeds the zero crossings that change k
  Integer k = integer(delay(x, 0.3));
  // floor() of an expression holding floor(): nested event-triggering calls
  Real f = floor(floor(2 * x) / 3 + x);
  annotation(experiment(StopTime = 2, Interval = 0.01));
end DelayEvents;
