// String(x, format = f) in functions with f a String input, checked when the call runs
// (tests/sim/string_format_runtime.sh). The expected texts are printf's, written by hand.
package StringFormatRuntime
  function fmt
    input Real x;
    input String format = ".3g";
    output String s;
  algorithm
    s := String(x, format = format);
  end fmt;

  function fmti
    input Integer i;
    input String format;
    output String s;
  algorithm
    s := String(i, format = format);
  end fmti;

  function pick "the format of mode: valid ones, then what the check must refuse"
    input Integer mode;
    output String f;
  algorithm
    f := if mode == 0 then "-+ 0#5.2e" elseif mode == 1 then "%n" elseif mode == 2 then "%s%s%s"
         elseif mode == 3 then "123f" elseif mode == 4 then ".123f" elseif mode == 5 then "5.2fx"
         elseif mode == 6 then "#d" else "";
  end pick;

  model Valid
    parameter Real x = 1234.5678;
    String a = fmt(x);
    String b = fmt(x, "10.2f");
    String c = fmti(integer(x), "-6x");
    String e = fmti(integer(x), "%d");
    String g = fmt(-x, "012.3E");
  equation
    assert(a == "1.23e+03", "a = " + a);
    assert(b == "   1234.57", "b = " + b);
    assert(c == "4d2   ", "c = " + c);
    assert(e == "1234", "e = " + e);
    assert(g == "-001.235E+03", "g = " + g);
  end Valid;

  model Hostile
    parameter Integer mode = 0;
    String s = fmt(1.5, pick(mode));
  equation
    assert(s <> "?", "never");
  end Hostile;
end StringFormatRuntime;
