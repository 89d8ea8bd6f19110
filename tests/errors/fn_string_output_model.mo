// A model has no String variables that change: a function's String result cannot be one.
package P
  function f
    input Real x;
    output String s;
  algorithm
    s := String(x);
  end f;
  model M
    String v = f(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:10:16: error: not supported yet: the String output 's' of 'P.f' in a model
