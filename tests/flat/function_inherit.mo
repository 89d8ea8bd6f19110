// Functions built by inheritance and short classes (12.1.3, 4.5.1): a default given by the modifier of
// an extends clause (extends F1(x = 10): the call needs no argument), and the input/output prefixes of
// the short classes a component's type is (type InArgument = input Real).
model FunctionInherit
  function F0
  end F0;
  function F1
    extends F0;
    input Integer x;
  end F1;
  function F2
    extends F1(x = 10);
    output Integer y;
  end F2;
  function F3
    extends F2;
  algorithm
    y := x + 1;
  end F3;
  type InArgument = input Real;
  type OutArgument = output Real[3];
  function g
    InArgument u;
    OutArgument y;
  algorithm
    y := {u, u * 2, u * 3};
  end g;
  Integer i = F3();
  Integer j = F3(1);
  Real z[3] = g(time);
end FunctionInherit;
