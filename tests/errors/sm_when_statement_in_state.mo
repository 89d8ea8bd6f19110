// A when-statement (an algorithm section's) in a state is not done: it would fire while the state is
// inactive (a.r = 0.5 with a left at t = 0.3: a silent wrong answer before), as a when-equation would
// (sm_when_in_state.mo).
model SmWhenStatementInState
  block S
    output Integer n(start = 0);
    discrete Real r(start = 0);
  equation
    n = previous(n) + 1;
  algorithm
    when time > 0.5 then
      r := time;
    end when;
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
end SmWhenStatementInState;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:10:3: error: not supported yet: an algorithm section in the state 'a' of a state machine
