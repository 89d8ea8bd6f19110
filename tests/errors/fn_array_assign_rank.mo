// Assigning a vector to a scalar inside a function: an error at the statement.
package P
  function f
    input Real x[:];
    output Real y;
  algorithm
    y := 2*x;
  end f;
  model M
    Real v = f({1, 2});
  end M;
end P;
// MODEL: P.M
// ERROR: %f:7:5: error: cannot assign a vector to a scalar 'y'
