// An algorithm section in a state is not part of the state: it ran at every evaluation, while the state
// was inactive too (a.r kept growing with time after a was left): a located not supported yet.
model SmAlgorithmInState
  block S
    output Integer n(start = 0);
    output Real r(start = 0);
  equation
    n = previous(n) + 1;
  algorithm
    r := 10 * n + time;
  end S;
  block T
  end T;
  S a;
  T b;
  Integer tick(start = 0);
equation
  when Clock(1, 10) then
    tick = previous(tick) + 1;
  end when;
  initialState(a);
  transition(a, b, tick == 3, immediate = false);
end SmAlgorithmInState;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:9:3: error: not supported yet: an algorithm section in the state 'a' of a state machine
