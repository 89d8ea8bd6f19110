model GuardedRelation "relations read only under a condition that changes at events (pre(mode) == 1)"
  Real x(start = 0, fixed = true) "sin(10 t)/10";
  Integer mode(start = 0, fixed = true) "1 from t = 0.35 on";
  Boolean b "x above 0.05 while pre(mode) == 1";
  Boolean c "x below 0 while pre(mode) == 1";
  Real zb(start = 0, fixed = true) "time b has been true";
  Real zc(start = 0, fixed = true) "time c has been true";
equation
  der(x) = cos(10 * time);
  when time > 0.35 then
    mode = 1;
  end when;
  b = pre(mode) == 1 and x > 0.05;
  c = if pre(mode) <> 1 then false else x < 0;
  der(zb) = if b then 1 else 0;
  der(zc) = if c then 1 else 0;
  annotation(experiment(StopTime = 1, Interval = 0.01));
end GuardedRelation;
