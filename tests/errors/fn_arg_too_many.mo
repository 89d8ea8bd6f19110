// Calls with wrong arguments: one model per case (ARGS picks it).
package P
  function f
    input Real x;
    input Real y = 2;
    output Real z;
  algorithm
    z := x + y;
  end f;
  model TooMany
    Real v = f(1, 2, 3);
  end TooMany;
  model NoInput
    Real v = f(1, yy = 2);
  end NoInput;
  model Missing
    Real v = f(y = 1);
  end Missing;
  model Twice
    Real v = f(1, x = 2);
  end Twice;
end P;
// ARGS: --flat %f P.TooMany
// ERROR: %f:11:22: error: too many arguments in call of 'P.f': it has 2 inputs
// ERROR: %f:3:12: note: 'P.f' is declared here
