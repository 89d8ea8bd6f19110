// reinit of an element chosen at run time: which variable it resets is known at the event only, so the
// check that one when-equation reinitializes a variable (specification 8.3.6, events.c) cannot take it.
// A located "not supported yet", not the claim that x[k] is no Real variable.
model M
  Real x[3](each start = 1, each fixed = true);
  discrete Integer k(start = 1, fixed = true);
equation
  der(x) = -x;
  when time > 0.5 then
    k = 2;
    reinit(x[k], 5);
  end when;
  when time > 0.7 then
    reinit(x[1], 7);
  end when;
end M;
// ARGS: --emit-c %f -o tests/out/reinit_runtime_index.c
// ERROR: %f:11:12: error: reinit of an array element chosen at run time ('x[k]') is not supported yet
