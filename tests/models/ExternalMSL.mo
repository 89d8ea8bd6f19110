// The Modelica Standard Library's own C functions (ModelicaExternalC, built from its C-Sources by
// mo2c and cached): Strings and Streams.print as the MSL's examples call them (tests/sim/external.sh).
model ExternalMSL
  import Modelica.Utilities.Strings;
  function f "10 through text: 'value: 10' cut and read back"
    input Real x;
    output Real y;
  protected
    String s;
  algorithm
    s := "value: " + String(x);
    y := Strings.scanReal(Strings.substring(s, 8, Strings.length(s)));
  end f;
  parameter Real r = Strings.scanReal(" 3.25e1 ");
  parameter Integer n = Strings.length("hello");
  Real x(start = 0, fixed = true);
  Real y;
equation
  der(x) = r;
  y = f(2 * n);
  when time > 0.5 then
    Modelica.Utilities.Streams.print("half way");
  end when;
end ExternalMSL;
