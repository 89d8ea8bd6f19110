// At a tick a variable has one definition: two states that can be active at once cannot both define it
// (spec 17: "such errors are detected during translation").
model SmParallel
  inner Integer v(start = 0);
  block A
    outer output Integer v;
  equation
    v = previous(v) + 1;
  end A;
  block E
  end E;
  A a1;
  E e1;
  A a2;
  E e2;
equation
  initialState(a1);
  transition(a1, e1, v > 3, immediate = false);
  initialState(a2);
  transition(a2, e2, v > 5, immediate = false);
end SmParallel;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:8:5: error: 'v' is defined in the states 'a1' and 'a2', which can be active at the same time (spec 17: one definition of a variable at a tick)
