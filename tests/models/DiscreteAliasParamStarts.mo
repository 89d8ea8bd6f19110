// Aliases of discrete-time variables whose fixed starts are parameters equal when compiled
// (tests/sim/discrete_alias_starts.sh): the run may change either (-override), and 8.6 gives each its
// own pre(v) = start, so the pair must not be merged onto one member's start.
model DiscreteAliasParamStarts
  parameter Integer p1 = 1;
  parameter Integer p2 = 1;
  Integer a(start = p1, fixed = true);
  Integer b(start = p2, fixed = true);
  Integer pa, pb "the pre values at initialization";
equation
  a = if time < 0.5 then 2 else 3;
  b = a;
  when initial() then
    pa = pre(a);
    pb = pre(b);
  end when;
end DiscreteAliasParamStarts;
