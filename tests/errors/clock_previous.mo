model ClockPrevious
  discrete Real xd(start=0);
  Real y;
equation
  when sample(0, 0.1) then
    xd = previous(xd) + 1;
  end when;
  y = hold(xd);
end ClockPrevious;
// ARGS: --flat %f
// ERROR: %f:6:10: error: previous cannot be used in a when-clause whose condition is no clock (spec 16.6)
