// --flat prints the user functions called by the model before its class, with names resolved to
// their slots (record variables field by field), defaults, protected locals and the derivative
// annotation; calls have one positional argument per input slot (named arguments and defaults
// resolved); (a, b) = f(x) becomes one equation per output; Modelica.Math.sin is the built-in sin;
// recursion is allowed.
package FlatFunctions
  record Pair
    Real first;
    Integer second;
  end Pair;
  function fact "n! by recursion"
    input Integer n;
    output Integer y;
  algorithm
    y := if n <= 1 then 1 else n*fact(n - 1);
  end fact;
  function split
    input Real x;
    input Real scale = 2*x;
    output Real lo;
    output Pair hi;
  protected
    Integer i = 0;
  algorithm
    lo := x;
    hi.first := scale;
    hi.second := i + 1;
    annotation(derivative = split_der);
  end split;
  function split_der
    input Real x;
    input Real scale;
    input Real dx;
    input Real dscale;
    output Real dlo;
    output Real dfirst;
  algorithm
    (dlo, dfirst) := twice(dx, dscale);
  end split_der;
  function twice
    input Real a;
    input Real b;
    output Real c;
    output Real d;
  algorithm
    c := a;
    d := b;
  end twice;
  model M
    Real a, c;
    Pair p;
    Integer k = fact(4);
  equation
    (a, p) = split(Modelica.Math.sin(time));
    c = split(scale = 3, x = a);
  end M;
end FlatFunctions;
// MODEL: FlatFunctions.M
