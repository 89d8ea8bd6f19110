// transition and initialState are not allowed in when-equations (spec 17.1).
model SmInWhen
  block S
  end S;
  S a;
  S b;
equation
  initialState(a);
  when time > 1 then
    transition(a, b, true);
  end when;
end SmInWhen;
// ERROR: %f:10:5: error: transition is not allowed inside a when-equation or an if-equation with a time-varying condition (spec 17.1)
