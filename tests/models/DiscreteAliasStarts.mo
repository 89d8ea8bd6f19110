// Aliases of discrete-time variables whose fixed start values differ (tests/sim/discrete_alias_starts.sh).
// 8.6: each discrete variable with fixed = true gets its own initial equation pre(v) = start, so b = a
// does not make pre(a) and pre(b) one value before the first event (the MSL's Digital.Tristates.WiredX:
// auxiliary[1] = x[1], started at 'Z' and at 'U'). Continuous aliases with different fixed starts stay an
// error (tests/errors/struct_start_conflict.mo).
model DiscreteAliasStarts
  type Level = enumeration(Low, Mid, High);
  Integer a(start = 1, fixed = true);
  Integer b(start = 5, fixed = true);
  Integer c(start = -7, fixed = true) "c = -b";
  Boolean u(start = true, fixed = true);
  Boolean v(start = false, fixed = true);
  Level e(start = Level.High, fixed = true);
  Level f(start = Level.Low, fixed = true);
  Integer pa, pb, pc, pu, pv, pe, pf "the pre values at initialization";
  Integer n(start = 0, fixed = true) "changes of b";
equation
  a = if time < 0.5 then 2 else 3;
  b = a;
  c = -b;
  u = time > 0.25;
  v = u;
  e = if time < 0.75 then Level.Mid else Level.High;
  f = e;
  when initial() then
    pa = pre(a);
    pb = pre(b);
    pc = pre(c);
    pu = if pre(u) then 1 else 0;
    pv = if pre(v) then 1 else 0;
    pe = Integer(pre(e));
    pf = Integer(pre(f));
  end when;
  when change(b) then
    n = pre(n) + 1;
  end when;
end DiscreteAliasStarts;
