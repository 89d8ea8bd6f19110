// String variables whose values are known only when the model runs (strvars.c: each is built, where it is
// read, from the expression of its equation; tests/sim/string_variables.sh checks the closed forms):
// a function's String result (s = label(k)), a join of it (t = s + "!"), String() of a Real (u), an
// operator record's 'String' (14.3: String(c)); read by relations (== <> < >= <=), by a function's String
// input (isBang(t)) and by an assert's message. Discrete: String variables that when-clauses assign known
// texts (held as their positions), read with pre() too.
package StringVariables
  operator record Cx
    Integer a1;
    encapsulated operator function 'String'
      import StringVariables.Cx;
      input Cx a;
      output String s;
    algorithm
      s := "<" + String(a.a1) + ">";
    end 'String';
  end Cx;

  function label "a String result"
    input Integer k;
    output String s;
  algorithm
    s := if k == 1 then "one" elseif k == 2 then "two" else "many";
  end label;

  function describe
    input String name;
    input Real x;
    output String s;
  algorithm
    s := name + "=" + String(x, significantDigits = 3);
  end describe;

  function isBang
    input String s;
    output Boolean b;
  algorithm
    b := s == "two!";
  end isBang;

  model Main
    discrete Integer k(start = 0, fixed = true);
    String s = label(k);
    String t = s + "!";
    Boolean isTwo = s == "two";        // 1 <= t < 2
    Boolean tOk = t <> "two!";         // not isTwo
    Boolean tb = isBang(t);            // isTwo
    Real y;
    String u = String(y);
    Boolean uOk = u == "10";           // isTwo
    Cx c = Cx(k);
    Boolean cOk = String(c) == "<3>";  // 2 <= t < 3
    Boolean sLt = s < "one";           // "many" (2 <= t < 3), byte order
    Boolean sGe = s >= "two";          // isTwo
    Boolean uLe = u <= "1";            // "0" (not isTwo), "10" > "1"
  equation
    when sample(0, 1) then
      k = pre(k) + 1;
    end when;
    y = if isTwo then 10 else 0;
    assert(k < 4, "k reached " + s + " at " + describe("t", time) + " " + String(c));
  end Main;

  model Discrete "a discrete String: when-clauses assign it known texts (held as their position)"
    String mode(start = "off");
    String last(start = "none");
    Boolean isOn = mode == "on";
    Real x(start = 0, fixed = true);
    Integer changes(start = 0, fixed = true);
  equation
    der(x) = if isOn then 1 else 0;
    when sample(0.5, 1) then
      mode = if pre(mode) == "off" then "on" else "off";
    end when;
    when mode <> pre(mode) then
      changes = pre(changes) + 1;
      last = pre(mode);
    end when;
    assert(time < 2.7, "mode " + mode + " last " + last);
  end Discrete;
end StringVariables;
