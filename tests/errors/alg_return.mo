model AlgReturn
  Real x;
algorithm
  x := 1;
  return;
end AlgReturn;
// ERROR: %f:5:3: error: 'return' can only be used in a function
