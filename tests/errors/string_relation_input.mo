// ERROR: string_relation_input.mo:13:8: error: not supported yet: a relation of Strings that vary continuously in time
// ERROR: string_relation_input.mo:16:7: error: not supported yet: a relation of Strings that vary continuously in time
// ARGS: --emit-c -o /dev/null %f
// A top-level input is read at every step (u = $input(0), whose argument is a constant): a String relation
// of it changes between events unseen, as of a state (review finding 09: the when never fired, the run
// "finished successfully"). Directly and through an alias.
model StringRelationInput
  input Real u;
  Real w = 2 * u;
  Real t2(start = -1, fixed = true);
  Boolean b;
equation
  when String(u, significantDigits = 1) == "0.5" then
    t2 = time;
  end when;
  b = String(w) > "1";
end StringRelationInput;
