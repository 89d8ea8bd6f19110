package StringPre "pre, change and previous of String variables whose values are built at run time"
  model PreBuilt "k goes 0 -> 1 at t = 0.5: at that event pre(s) is \"0\" and s is \"1\""
    Integer k(start = 0);
    String s = String(k);
    String s2 = if k >= 0 then "k=" + String(k) else "neg";
    Boolean same(start = true);
    Boolean same2(start = false);
  equation
    when time > 0.5 then
      k = pre(k) + 1;
    end when;
    when time > 0.5 then
      same = pre(s) == s;
      same2 = pre(s2) == "k=0";
    end when;
  end PreBuilt;

  model PreChoice "pre of a String chosen at run time between a built text and a literal"
    Integer k(start = 0);
    Boolean b(start = false);
    String s = if b then String(k) else "none";
    Boolean same(start = true);
    Boolean wasNone(start = false);
  equation
    when time > 0.5 then
      k = pre(k) + 1;
      b = true;
    end when;
    when time > 0.5 then
      same = pre(s) == s;
      wasNone = pre(s) == "none";
    end when;
  end PreChoice;

  model ChangeBuilt "change(s) of a built String counts the sample instants where k changes"
    Integer k(start = 0);
    String s = String(k);
    Integer c(start = 0);
  equation
    when sample(0.1, 0.2) then
      k = pre(k) + 1;
    end when;
    when change(s) then
      c = pre(c) + 1;
    end when;
  end ChangeBuilt;

  model ChangeHeld "change(mode) of a String that when-equations assign (held as an index)"
    String mode(start = "off");
    Integer c(start = 0);
  equation
    when sample(0.1, 0.2) then
      mode = if pre(mode) == "off" then "on" else "off";
    end when;
    when change(mode) then
      c = pre(c) + 1;
    end when;
  end ChangeHeld;
  model HeldCompare "comparisons of discrete Strings with texts, read as comparisons of an Integer"
    String mode(start = "b");
    Integer k(start = 0);
    String u = if k == 1 then "x" elseif k == 2 then "y" else "x";
    Boolean isA = mode == "a", notA = mode <> "a", isB = "b" == mode, none = mode == "zz";
    Boolean uy = u == "y", unx = u <> "x", puy = pre(u) == "y";
  equation
    when sample(0.1, 0.2) then
      mode = if pre(mode) == "a" then "b" elseif pre(mode) == "b" then "c" else "a";
      k = pre(k) + 1;
    end when;
  end HeldCompare;
  model EventCall "s = String(integer(10*time)) becomes \"3\" at t = 0.3, an event of integer() (3.7.1.1)"
    String s = String(integer(10*time));
    Real t3(start = -1, fixed = true);
  equation
    when s == "3" then
      t3 = time;
    end when;
  end EventCall;

  model EventCallState "the same with a state (the integrator steps): integer(4*time) is 1 from t = 0.25"
    String s = String(integer(4*time));
    Real t1(start = -1, fixed = true);
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1;
    when s == "1" then
      t1 = time;
    end when;
  end EventCallState;

  model PreRelation "s = String(time > 0.5): at the event at t = 0.5 pre(s) is \"false\" (3.7.5)"
    String s = String(time > 0.5);
    Boolean was(start = false, fixed = true);
    Boolean same(start = true, fixed = true);
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1;
    when time > 0.5 then
      was = pre(s) == "false";
      same = pre(s) == s;
    end when;
  end PreRelation;

  model NamedArg "n 2 -> 4 at t = 0.5, s = String(1.23456, significantDigits = n): pre(s) is \"1.2\" there"
    Integer n(start = 2, fixed = true);
    String s = String(1.23456, significantDigits = n);
    Boolean was(start = false, fixed = true);
    Boolean same(start = true, fixed = true);
  equation
    when time > 0.5 then
      n = 4;
    end when;
    when time > 0.5 then
      was = pre(s) == "1.2";
      same = pre(s) == s;
    end when;
  end NamedArg;
  model PreEventCall "s = String(integer(10*time)) goes \"2\" -> \"3\" at t = 0.3: pre(s) == \"2\" there"
    String s = String(integer(10*time));
    Integer n = integer(10*time);
    Boolean wasTwo(start = false, fixed = true);
    Boolean same(start = true, fixed = true);
  equation
    when n >= 3 then
      wasTwo = pre(s) == "2";
      same = pre(s) == s;
    end when;
  end PreEventCall;

  model ChangeEventCall "change(s) of s = String(integer(10*time)) at each of its events (0.1, 0.2, ...)"
    String s = String(integer(10*time));
    Integer c(start = 0, fixed = true);
  equation
    when change(s) then
      c = pre(c) + 1;
    end when;
  end ChangeEventCall;
  model GuardedEventCall "s = if x > 0.1 then String(integer(1/x)) else \"none\" (x = t): 1/x is evaluated only from t = 0.1"
    Real x(start = 0, fixed = true);
    String s = if x > 0.1 then String(integer(1 / x)) else "none";
    Integer n(start = 0, fixed = true) "the changes of s: at 0.1 (to \"9\"), 1/9, 1/8, ..., 1/2";
    Boolean first(start = false, fixed = true) "pre(s) was \"none\" at the last change: from 0.1 to 1/9";
    Boolean nine(start = false, fixed = true) "pre(s) was \"9\" at the last change: from 1/9 to 1/8";
  equation
    der(x) = 1;
    when change(s) then
      n = pre(n) + 1;
      first = pre(s) == "none";
      nine = pre(s) == "9";
    end when;
  end GuardedEventCall;
end StringPre;
