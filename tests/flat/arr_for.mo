// Nested for-equations with ranges from parameters, steps, comprehensions with two iterators.
model ArrFor
  parameter Integer n = 3;
  parameter Integer m = 2;
  Real A[n, m];
  Real H[m, n];
  Real odd[2];
equation
  for i in 1:n, j in 1:m loop
    A[i, j] = i * 10 + j;
  end for;
  H = {i + j / 10 for i in 1:n, j in 1:m};
  for k in 1:2:n loop
    odd[div(k + 1, 2)] = k;
  end for;
end ArrFor;
