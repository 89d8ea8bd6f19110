model AlgBuffer "a sampled buffer, its running sums by a function, a negated alias of an element"
  parameter Integer n = 500;
  discrete Real buf[n](each start = 0, each fixed = true);
  discrete Real cum[n](each start = 0, each fixed = true);
  discrete Integer k(start = 0, fixed = true);
  discrete Real s(start = 0, fixed = true);
  Real m;
  function prefix "running sums and the total"
    input Real u[:];
    output Real c[size(u, 1)];
    output Real total;
  algorithm
    total := 0;
    for i in 1:size(u, 1) loop
      total := total + u[i];
      c[i] := total;
    end for;
  end prefix;
equation
  m = -buf[1];
algorithm
  when sample(0.01, 0.01) then
    k := pre(k) + 1;
    if k <= n then
      buf[k] := k * 0.5;
    end if;
    (cum, s) := prefix(buf);
  end when;
  annotation(experiment(StopTime = 1.005));
end AlgBuffer;
