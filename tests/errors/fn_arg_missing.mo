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
// ARGS: --flat %f P.Missing
// ERROR: %f:17:14: error: missing argument 'x' in call of 'P.f'
// ERROR: %f:4:16: note: 'x' is declared here
