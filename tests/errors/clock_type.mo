model ClockType
  Real x(start=1, fixed=true);
  Real xd(start=0);
  Clock c = Clock(0.1);
equation
  der(x) = -x;
  when c then
    xd = previous(xd) + sample(x, c);
  elsewhen time > 1 then
    xd = 0;
  end when;
end ClockType;
// ARGS: --flat %f
// ERROR: %f:9:12: error: a clocked when-clause has no elsewhen part (spec 16.6)
