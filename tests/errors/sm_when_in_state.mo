// A when-equation (not clocked) in a state is not done yet: its equations would go on while the state
// is suspended (a located 'not supported yet', never a silent answer).
model SmWhenInState
  block S
    output Integer n(start = 0);
    discrete Real r(start = 0);
  equation
    n = previous(n) + 1;
    when time > 0.5 then
      r = time;
    end when;
  end S;
  S a;
  S b;
  Integer tick(start = 0);
equation
  when Clock(1, 10) then
    tick = previous(tick) + 1;
  end when;
  initialState(a);
  transition(a, b, tick == 3, immediate = false);
end SmWhenInState;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:9:5: error: not supported yet: a when-equation in the state 'a' of a state machine (use a clocked equation there, spec 17.1)
