// The size of an output that depends on a time-varying argument.
package P
  function f
    input Integer n;
    output Real y[n];
  algorithm
    y := fill(1, n);
  end f;
  model M
    Integer k = integer(time) + 2;
    Real s = sum(f(k));
  end M;
end P;
// MODEL: P.M
// ERROR: %f:11:18: error: the size of output 'y' of 'P.f' must be known when the model is compiled
// ERROR: %f:5:19: note: dimension 1 of 'y' is declared here
