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
// ERROR: %f:7:8: error: not supported yet: clocked when-clauses (a clock as the condition of a when-clause, spec 16.6)
