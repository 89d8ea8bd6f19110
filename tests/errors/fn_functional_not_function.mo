// A functional input must be given a function (12.4.2).
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
  model M
    Real a = 2;
    Real v = apply(a, time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:16:20: error: 'a' given for input 'f' of 'P.apply' is not a function
