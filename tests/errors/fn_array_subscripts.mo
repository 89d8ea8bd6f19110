// More subscripts than the variable has dimensions.
package P
  function f
    input Real x[:];
    output Real y;
  algorithm
    y := x[1, 2];
  end f;
  model M
    Real v = f({1, 2});
  end M;
end P;
// MODEL: P.M
// ERROR: %f:7:10: error: 2 subscripts for a vector
