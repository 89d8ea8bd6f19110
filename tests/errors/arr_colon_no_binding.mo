model ArrColonNoBinding
  Real x[:];
equation
  x = {1, 2};
end ArrColonNoBinding;
// ERROR: %f:2:10: error: 'x' has a dimension ':' but no binding (nor array attribute) to take its size from
