// The flags of the simulators (tests/sim/rt_flags.sh): an initial equation that -iim=none skips, a
// nonlinear equation for LOG_NLS, a state event that -noRootFinding takes at the end of a step, and a
// sample() that makes many events per output interval (a warning of LOG_EVENTS).
model SimFlags "flags of the simulators"
  Real x(start = 1, fixed = false) "decays: 2*exp(-t), or exp(-t) with -iim=none";
  Real z(start = 0.5) "z^3 + z = x";
  Real v(start = 0, fixed = true) "climbs at rate 1";
  discrete Real te(start = -1, fixed = true) "time of the event v > 0.3";
  parameter Real period = 1 "of the sample() events";
  discrete Integer n(start = 0, fixed = true) "sample() ticks";
initial equation
  x = 2;
equation
  der(x) = -x;
  z^3 + z = x;
  der(v) = 1;
  when v > 0.3 then
    te = time;
  end when;
  when sample(0, period) then
    n = pre(n) + 1;
  end when;
end SimFlags;
