model ArrOperatorSize
  Real x[3];
  Real y[2];
equation
  y = {1, 2};
  x = y + {1, 2, 3};
end ArrOperatorSize;
// ERROR: %f:6:7: error: operator '+' cannot combine sizes [2] and [3]
