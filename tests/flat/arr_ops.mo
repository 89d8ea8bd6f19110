// Array operators: matrix-vector products, elementwise operators, scalar * array, dot product.
model ArrOps
  parameter Real A[2, 2] = [1, 2; 3, 4];
  parameter Real k = 2;
  Real x[2](each start = 1, each fixed = true);
  Real y[2];
  Real z[2];
  Real d;
  Real B[2, 2];
equation
  der(x) = -A * x;
  y = k * x .* x ./ {1, 2} - x / k;
  z = x .^ 2 + (-x);
  d = x * y;
  B = A * transpose(A) + x[1] * identity(2);
end ArrOps;
