// A functional input is called or given on, never used as a value.
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
    y := f + x;
  end apply;
  function g
    input Real x;
    output Real y;
  algorithm
    y := 2*x;
  end g;
  model M
    Real v = apply(g, time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:12:10: error: 'f' is a function: it can be called or given to a function, not used as a value
