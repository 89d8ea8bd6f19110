// Array declarations with parameter dimensions, subscripts, slices, ranges and end.
model ArrSubscripts
  parameter Integer n = 4;
  parameter Integer m = n - 2;
  Real x[n];
  Real A[m, 3];
  Real y[3];
  Real r[2];
  Real c[m];
equation
  x = {1, 2, 3, 4} * time;
  A = [1, 2, 3; 4, 5, 6];
  y = x[2:end];
  r = x[{1, end}];
  c = A[:, end] + A[1:m, 1];
end ArrSubscripts;
