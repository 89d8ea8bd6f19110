// Event-triggering built-ins (specification 3.7.1.1) in branches of if-expressions, whose arguments the
// model evaluates only where the branch's conditions hold (3.3): each divides by zero elsewhere
// (tests/sim/event_calls.sh; x = t).
model EventCallsGuarded
  Real x(start = 0, fixed = true);
  Integer k "int(1/t) from t = 0.1, 0 before";
  Real m "ceil(0.1/(t - 0.15)) on [0.2, 0.9]: 2 then 1 from t = 0.25; 0 before, -1 after";
  Real r "mod(1, t) = 1 - int(1/t) t from t = 0.3, 0 before";
  Integer n(start = 0, fixed = true) "the changes of k: 10 - int(1/t) from t = 0.1";
equation
  der(x) = 1;
  k = if x > 0.1 then integer(1 / x) else 0;
  m = if x < 0.2 then 0 elseif x > 0.9 then -1 else ceil(0.1 / (x - 0.15));
  r = if x > 0.3 then mod(1, x) else 0;
  when change(k) then
    n = pre(n) + 1;
  end when;
  annotation(experiment(StopTime = 1, Interval = 0.013));
end EventCallsGuarded;
