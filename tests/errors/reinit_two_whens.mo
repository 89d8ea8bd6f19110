// reinit of one state in two when-equations (spec 8.3.6): at an event where both fire the value would be
// that of the reinit run last, the order of the source (review finding 01). Elsewhen branches of ONE
// when-equation may each reinit it (tests/sim/reinit_once.sh).
model M
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  when time > 0.5 then
    reinit(x, 5);
  end when;
  when time > 0.5 then
    reinit(x, 7);
  end when;
end M;
// ARGS: --dump=dae %f
// ERROR: %f:12:5: error: 'x' is reinitialized in two when-equations; reinit may be applied to a variable in one when-equation only (specification 8.3.6)
// ERROR: %f:9:5: note: the other reinit of 'x' is here
