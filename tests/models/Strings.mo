package Strings "String parameters and String() in messages (tests/sim/strings.sh)"
  type Mode = enumeration(slow "decay rate 1", fast "decay rate 3", 'off' "no decay");

  model S "the issue's model: a String parameter in an assert message"
    parameter String name = "tank";
    parameter Integer n = 3;
    parameter Boolean on = true;
    Real x(start = 1, fixed = true);
  equation
    der(x) = if on then -n*x else 0;
    assert(x > 0.2, "level of " + name + " too low: " + String(x));
  end S;

  model S3 "the same with three significant digits and a when-clause: the message is exact"
    parameter String name = "tank";
    parameter String unit = "m";
    parameter String label = name + "[" + unit + "]" "folded when compiled";
    parameter Integer n = 3;
    Real x(start = 1, fixed = true);
  equation
    der(x) = -n*x;
    when x < 0.2 then
      assert(false, "level of " + label + " too low: " + String(x, significantDigits = 3));
    end when;
  end S3;

  model Formats "every conversion, in a terminate message at a time event (t = 0.25)"
    parameter String name = "pump";
    parameter Integer n = 42;
    parameter Integer w = 7 "a width known only when the simulation starts";
    parameter Boolean on = true;
    parameter Mode mode = Mode.fast;
    parameter String fmt = "8.3f";
    Real x(start = 1, fixed = true);
    Boolean high = x > 0.5;
  equation
    der(x) = -3*x;
    when time >= 0.25 then
      terminate("[" + String(x) + "|" + String(x, significantDigits = 3) + "|"
        + String(x, minimumLength = 10, leftJustified = false) + "|" + String(x, minimumLength = 10) + "|"
        + String(x, format = fmt) + "|" + String(x, format = "-10.2e") + "|"
        + String(n) + "|" + String(n, minimumLength = 5, leftJustified = false) + "|" + String(n, format = "05d")
        + "|" + String(n, format = "x") + "|" + String(n, minimumLength = w) + "|"
        + String(on) + "|" + String(high) + "|" + String(not on, minimumLength = 6) + "|"
        + String(mode) + "|" + String(Mode.'off') + "|" + String(Integer(mode)) + "|"
        + String(mode, minimumLength = 6, leftJustified = false) + "|"
        + (if x > 0.4 then "above" else "below") + "|" + (if name == "pump" then "is pump" else "not pump")
        + "|100% " + name + "]");
    end when;
    annotation(experiment(StopTime = 1, Tolerance = 1e-10));
  end Formats;

  model Switch "comparisons of String parameters decide the equations when the model is compiled"
    parameter String kind = "fast";
    parameter String other = "slow";
    Real x(start = 1, fixed = true);
    Real k;
  equation
    if kind == "fast" then
      k = 3;
    elseif kind == other then
      k = 1;
    else
      k = 0;
    end if;
    der(x) = -k*x + (if kind <> "fast" and "a" < "b" then 100 else 0);
  end Switch;

  model SwitchSlow = Switch(kind = "slow") "kind == other: k = 1, and the if-expression adds 100";

  model Evil "a String parameter whose value is C syntax: it must print as itself"
    parameter String s = "q\"uote \\back */ /* %n %s %% ??= \t tab \nline2";
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1;
    assert(x < 0.5, "<" + s + ">");
  end Evil;
  model Vars "String variables whose equations give values known when compiled; one nothing reads"
    String s1, s2, s3;
    discrete String w(start = "w0") "assigned in a when-clause, read by nothing";
    Real x(start = 1);
    parameter String p = "P";
    Real k = if s3 == "P111.222!" then 3 else 1 "the comparison is decided when compiled: k = 3";
  equation
    der(x) = -k * x;
    s1 = String(111.222);
    s3 = s2 + "!";
    s2 = p + s1;
    when time > 0.5 then
      w = "late";
    end when;
    assert(s1 <> "111.2", "s1 is " + s1);
    assert(x > 0.2, "x fell below 0.2; s3 = " + s3);
  end Vars;

  model VarRead "a String variable whose value is known only at run time, and read: built where it is read
    (in noEvent(): a String relation of a continuous value makes no event, and is refused outside it)"
    Real x = time;
    String s = String(x);
    Boolean b = noEvent(s == "0");
  end VarRead;

  model IntRead "a String of an Integer that an algorithm computes from a state: it changes at events only,
    so its relation needs no zero-crossing of its own (k's relation x > 0.5 makes the event)"
    Real x(start = 0, fixed = true);
    Integer k;
    String s = String(k);
    Real t1(start = -1, fixed = true);
  algorithm
    k := if x > 0.5 then 1 else 0;
  equation
    der(x) = 1;
    when s == "1" then
      t1 = time;
    end when;
  end IntRead;
end Strings;
