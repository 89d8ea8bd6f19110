model Reductions
  Real a[3] = {1, 2, 3};
  Real s = sum(a[i] for i in 1:3);
  Real p = product(a[i] * a[j] for i in 1:3, j in 1:3);
  Real m = max(i for i in a);
  Real n = min(a[i] for i);
end Reductions;
