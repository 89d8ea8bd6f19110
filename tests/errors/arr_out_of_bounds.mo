model ArrOutOfBounds
  parameter Integer n = 3;
  Real x[n];
equation
  x[1:2] = {1, 2};
  x[n + 1] = 3;
end ArrOutOfBounds;
// ERROR: %f:6:5: error: subscript 4 is out of range 1:3 of 'x'
