// ERROR: string_relation_continuous.mo:15:7: error: not supported yet: a relation of Strings that vary continuously in time
// ERROR: string_relation_continuous.mo:16:8: error: not supported yet: a relation of Strings that vary continuously in time
// ERROR: string_relation_continuous.mo:19:8: error: not supported yet: a relation of Strings that vary continuously in time
// ARGS: --emit-c -o /dev/null %f
// A String relation is strcmp at run time, with no zero-crossing function: of continuous operands it would
// change between events unseen (the when never fired). Ordering and equality, a state and time, directly
// and through a String variable built at run time; noEvent() is read as it is (no error there).
model StringRelationContinuous
  Real x(start = 0, fixed = true);
  String s = String(time);
  Boolean b, c;
  Real t1(start = -1, fixed = true), t2(start = -1, fixed = true);
equation
  der(x) = 1;
  b = String(x) > "0.5";
  when String(x) == "0.6" then
    t1 = time;
  end when;
  when s == "0.7" then
    t2 = time;
  end when;
  c = noEvent(s < "0.5");
end StringRelationContinuous;
