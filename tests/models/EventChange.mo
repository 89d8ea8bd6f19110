package EventChange "change(), edge() and pre() of variables that another when-clause (or an event-triggering
  call's own) assigns at the same event: one solution of the event's equations with pre() from before
  the event (8.6), whatever order the when-clauses are written in"
  model ChangeInteger "m = integer(10*time) changes at t = 0.1, 0.2, ...: change(m) and m <> pre(m) count them"
    Integer m = integer(10*time);
    Integer c(start = 0, fixed = true);
    Integer c2(start = 0, fixed = true);
    Integer pm(start = -1, fixed = true);
  equation
    when change(m) then
      c = pre(c) + 1;
    end when;
    when m <> pre(m) then
      c2 = pre(c2) + 1;
    end when;
    when m >= 3 then
      pm = pre(m);   // the value before the event at t = 0.3: 2
    end when;
  end ChangeInteger;

  model ChangeFloor "f = floor(4*time), a Real, changes at 0.25, 0.5, 0.75; m = if time > 0.5 ... once"
    Real f = floor(4*time);
    Integer m = if time > 0.5 then 1 else 0;
    Integer cf(start = 0, fixed = true);
    Integer cm(start = 0, fixed = true);
  equation
    when change(f) then
      cf = pre(cf) + 1;
    end when;
    when change(m) then
      cm = pre(cm) + 1;
    end when;
  end ChangeFloor;

  model LaterWhen "the when-clause that assigns k and b is written after those that read them"
    Integer c(start = 0, fixed = true);
    Integer e(start = 0, fixed = true);
    Integer pk(start = -1, fixed = true);
    Integer k(start = 0, fixed = true);
    Boolean b(start = false, fixed = true);
  equation
    when change(k) then
      c = pre(c) + 1;
    end when;
    when edge(b) then
      e = pre(e) + 1;
    end when;
    when k == 2 then
      pk = pre(k);   // 1
    end when;
    when sample(0.1, 0.2) then
      k = pre(k) + 1;
      b = not pre(b);
    end when;
  end LaterWhen;
end EventChange;
