model EventsStep "a time event and state events in one model (checked by tests/ref/events_ref.c)"
  parameter Real T = 0.2 "time constant of the lag";
  parameter Real tStep = 0.5 "time of the step";
  Real u = if time >= tStep then 1 else 0 "step input: a time event";
  Real y(start = 0, fixed = true) "first-order lag";
  Real z = if y > 0.3 then 2*y else 0 "a relation in an if-expression: a state event";
  Real w "an if-equation with a time-varying condition";
  Real q = noEvent(if y > 0.5 then 1 else 0) "noEvent: no event";
  Boolean high(start = false) "switched by a when";
  Integer count(start = 0) "times high was set";
  Integer edges(start = 0) "rising edges of high";
  discrete Real s(start = 0) "sample counter";
equation
  T*der(y) = u - y;
  if y > 0.3 then
    w = 3*y;
  else
    w = -1;
  end if;
  when y > 0.7 then
    high = true;
    count = pre(count) + 1;
  end when;
  when edge(high) then
    edges = pre(edges) + 1;
  end when;
  when sample(0, 0.25) then
    s = pre(s) + 1;
  end when;
  annotation(experiment(StopTime = 1, Interval = 0.002));
end EventsStep;
