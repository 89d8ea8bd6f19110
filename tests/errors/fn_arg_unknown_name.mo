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
// ARGS: --flat %f P.NoInput
// ERROR: %f:14:19: error: function 'P.f' has no input 'yy'
// ERROR: %f:5:16: note: did you mean 'y'?
