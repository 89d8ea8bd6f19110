// Only constants can be used from an enclosing scope.
package P
  parameter Real k = 1;
  model M
    Real x;
  equation
    x = k;
  end M;
end P;
// MODEL: P.M
// ERROR: %f:7:9: error: 'k' is not a constant; only constants can be used from an enclosing scope
