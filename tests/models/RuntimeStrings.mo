// Strings built while the model runs, as arguments of calls (tests/sim/runtime_strings.sh)
package RuntimeStrings
  // x = exp(-t); every 0.25 s a line of text made from x, n, a Boolean, an enumeration and a choice
  model Print
    type Colour = enumeration(red, green, blue);
    Real x(start = 1, fixed = true);
    Integer n(start = 0, fixed = true);
    Colour c = if x > 0.5 then Colour.red else Colour.blue;
    // the length of a String built from n in an equation: 3 + the digits of 10^n
    Real len = Modelica.Utilities.Strings.length("n=" + String(10 ^ n) + ";");
  equation
    der(x) = -x;
    when sample(0, 0.25) then
      n = pre(n) + 1;
      Modelica.Utilities.Streams.print("t=" + String(time) + " x=" + String(x, significantDigits = 4)
        + " n=" + String(n, minimumLength = 3) + "|" + " b=" + String(x > 0.5) + " c=" + String(c)
        + (if x > 0.6 then " high" else " low") + " f=" + String(x, format = "8.3f"));
    end when;
    annotation(experiment(StopTime = 1, Interval = 0.125));
  end Print;

  // a sample instant at the stop time fires once, as every other
  model StopSample
    Integer n(start = 0, fixed = true);
  equation
    when sample(0, 0.25) then
      n = pre(n) + 1;
      Modelica.Utilities.Streams.print("tick " + String(n));
    end when;
    annotation(experiment(StopTime = 1));
  end StopSample;

  // text a model cannot hurt the generated C with, built at run time
  model Evil
    parameter String s = "%n%s \"*/ /* \\ ??/";
    Real x(start = 1, fixed = true);
  equation
    der(x) = -x;
    when time > 0.5 then
      Modelica.Utilities.Streams.print(s + String(x > 0) + "%d" + s);
    end when;
    annotation(experiment(StopTime = 1));
  end Evil;
  // String(k) of a parameter is built when the call runs: -override of k shows in the text
  model ShowParameter
    parameter Real k = 1;
    parameter Integer w = 3 "a width whose String() is not folded: leftJustified is known only at run time";
    Real x(start = 1, fixed = true);
    Real len = Modelica.Utilities.Strings.length(String(2, minimumLength = w, leftJustified = x > 10));
  equation
    der(x) = -k * x;
    when time > 0.5 then
      Modelica.Utilities.Streams.print("k=" + String(k) + "|" + String(1, minimumLength = w, leftJustified = x > 10) + "|");
    end when;
    annotation(experiment(StopTime = 1));
  end ShowParameter;

  // Strings built only in an equation's call: released at each evaluation (no print sets it up)
  model EquationOnly
    Real z(start = 1, fixed = true);
    Real n = Modelica.Utilities.Strings.length("ab" + String(time, minimumLength = 150));
  equation
    der(z) = -z + 1e-12 * n;
    annotation(experiment(StopTime = 1));
  end EquationOnly;
end RuntimeStrings;
