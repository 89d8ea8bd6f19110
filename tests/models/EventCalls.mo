// The event-triggering built-ins (specification 3.7.1.1) of continuously varying arguments change
// only at events (tests/sim/event_calls.sh): the integrator never steps across their jumps, so the
// integrals of these piecewise constant and piecewise linear functions are exact.
model EventCalls
  Real x(start = 0, fixed = true) "integral of floor(3 t)";
  Real y(start = 0, fixed = true) "integral of mod(t, 0.3)";
  Real z(start = 0, fixed = true) "integral of div(7 t - 3.5, 2), truncation toward zero";
  Real w(start = 0, fixed = true) "integral of rem(5 t, 1.5)";
  Real u(start = 0, fixed = true) "integral of ceil(2 t - 0.5)";
  Real v(start = 0, fixed = true) "integral of k";
  Integer k "integer(4 t)";
equation
  der(x) = floor(3 * time);
  der(y) = mod(time, 0.3);
  der(z) = div(7 * time - 3.5, 2);
  der(w) = rem(5 * time, 1.5);
  der(u) = ceil(2 * time - 0.5);
  k = integer(4 * time);
  der(v) = k;
end EventCalls;
