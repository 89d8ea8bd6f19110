model ClockType
  Real x(start=1, fixed=true);
  discrete Real xd(start=0);
  Clock c = Clock(0.1);
equation
  der(x) = -x;
  when c then
    xd = previous(xd) + sample(x, c);
  end when;
end ClockType;
// ARGS: --flat %f
// ERROR: %f:4:3: error: not supported yet: the type Clock (synchronous language elements, spec chapter 16)
