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
end StringPre;
