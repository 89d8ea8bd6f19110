model ClockCounterVar
  Integer n(start = 2);
  Real y;
equation
  when Clock(n, 10) then
    n = previous(n) + 1;
    y = sample(time);
  end when;
end ClockCounterVar;
// A rational clock whose intervalCounter is a clocked variable is valid (spec 16.3): its interval changes
// from tick to tick, which mo2c does not do yet.
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:5:14: error: not supported yet: a rational clock whose intervalCounter is a clocked variable (Clock(n, resolution) whose interval changes from tick to tick, spec 16.3)
