// A String variable that a when-clause assigns keeps its value between events: not done yet when
// something reads it (a clear error; one given by an equation is built where it is read, strvars.c).
model StringWhenRead
  String s(start = "a");
  Boolean b = s == "b";
equation
  when time > 0.5 then
    s = "b";
  end when;
end StringWhenRead;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:4:10: error: not supported yet: String variable 's'
