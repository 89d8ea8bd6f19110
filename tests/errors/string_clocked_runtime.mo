// A String variable of a clocked partition whose value is made when the simulation runs (String(k)), and
// previous() of it: not done yet (a String held from one tick to the next), a located error.
model StringClockedRuntime
  Integer k(start = 0);
  String s;
  Boolean changed;
equation
  k = previous(k) + sample(1, Clock(0.1));
  s = String(k);
  changed = previous(s) <> s;
end StringClockedRuntime;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:5:10: error: not supported yet: String variable 's', which a when-clause or a clocked partition gives a value made when the simulation runs (a String held from one event or tick to the next; previous() of it)
