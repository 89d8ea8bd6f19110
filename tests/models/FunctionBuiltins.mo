// Recursion (fact) and the built-ins mod, rem, div, semiLinear, Modelica.Math.sin: der(x) is the constant
// 5! + mod(7, 3) + rem(-7, 3) + div(-7, 2) + semiLinear(-2, 1, 3) + Modelica.Math.sin(0)
//      = 120 + 1 - 1 - 3 - 6 + 0 = 111, so x(1) = 111 (checked by tests/sim/functions.sh).
model FunctionBuiltins
  function fact
    input Real n;
    output Real y;
  algorithm
    y := if n <= 1 then 1 else n*fact(n - 1);
  end fact;
  Real x(start = 0, fixed = true);
equation
  der(x) = fact(5) + mod(7, 3) + rem(-7, 3) + div(-7, 2) + semiLinear(-2, 1, 3) + Modelica.Math.sin(0);
end FunctionBuiltins;
