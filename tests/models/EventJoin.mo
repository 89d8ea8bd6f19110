model EventJoin "an event that leaves a relation exactly on its threshold, which the motion crosses at once"
  Real x(start = 0, fixed = true) "time, as a state: 'x > 0.5' is a state event";
  Real v(start = 0, fixed = true) "exactly 0 until the first event, then falling";
  Boolean go "true from x = 0.5 on";
  Integer mode "-1 once v < 0 (a second event, found within the location accuracy of the first)";
equation
  der(x) = 1;
  go = x > 0.5;
  der(v) = if go then -1 else 0;
  mode = if v < 0 then -1 else 0;
  annotation(experiment(StopTime = 1, Interval = 0.01));
end EventJoin;
