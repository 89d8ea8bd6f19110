model ArrSizeSelf
  parameter Real A[size(A, 2), :] = [1, 2; 3, 4];
end ArrSizeSelf;
// ERROR: %f:2:25: error: the size of 'A' depends on itself
