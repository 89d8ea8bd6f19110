// Only a function with one scalar output can be applied element by element (12.4.6).
package P
  function f
    input Real x;
    output Real y[2];
  algorithm
    y := {x, 2*x};
  end f;
  model M
    Real v[3, 2] = f({1, 2, time});
  end M;
end P;
// MODEL: P.M
// ERROR: %f:10:20: error: 'P.f' cannot be applied element by element: only a function with one scalar or record output can (12.4.6)
