// The function given for a functional input must take the inputs of its type (by name, none bound).
package P
  partial function F
    input Real x;
    output Real y;
  end F;
  function apply
    input F f;
    input Real x;
    output Real y;
  algorithm
    y := f(x);
  end apply;
  function g
    input Real u;
    output Real y;
  algorithm
    y := 2*u;
  end g;
  model M
    Real v = apply(g, time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:8:13: error: 'P.g' given for input 'f' of 'P.apply' has no input 'x' of its type 'F'
