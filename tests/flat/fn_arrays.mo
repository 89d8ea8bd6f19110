// The --flat listing of functions with arrays: dimensions of the slots (':' kept), subscripts, 'end' as
// size(), slices, reductions and comprehensions with their iterators, assignments to elements, and the
// scalar calls of the model: array arguments as arrays of elements, one call per element of a result.
package P
  function f
    input Real x[:];
    input Integer n = size(x, 1);
    output Real y[n];
    output Real s;
  protected
    Real w[:];
  algorithm
    w := x[end:-1:1];
    y := {w[i]*i for i in 1:n};
    y[1] := sum(x[k]^2 for k in 1:n);
    s := sum(y) + max(w);
  end f;
  model M
    Real a[2], b;
  equation
    (a, b) = f({time, 1});
  end M;
end P;
// MODEL: P.M
