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
// ERROR: %f:6:10: error: not supported yet: previous in a when-equation (synchronous language elements, spec chapter 16)
