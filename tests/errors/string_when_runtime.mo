// A String variable that a when-clause assigns a value known only at run time (String(time)) keeps it
// between events: not done yet when something reads it (a clear error; one whose when-clauses assign
// known texts is held as their position, strvars.c).
model StringWhenRuntime
  String s(start = "a");
  Boolean b = s == "b";
equation
  when time > 0.5 then
    s = String(time);
  end when;
end StringWhenRuntime;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:5:10: error: not supported yet: String variable 's', which a when-clause or a clocked partition gives a value made when the simulation runs (a String held from one event or tick to the next; previous() of it)
