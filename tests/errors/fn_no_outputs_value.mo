// A function without outputs used as a value.
package P
  function f
    input Real x;
  algorithm
    assert(x > 0, "positive");
  end f;
  model M
    Real v = f(time) + 1;
  end M;
end P;
// MODEL: P.M
// ERROR: %f:9:14: error: 'P.f' has no outputs: it can only be called as a statement or an equation of its own
