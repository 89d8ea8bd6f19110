model Compr
  Real a[3] = {i^2 for i in 1:3};
  Real b[2, 3] = {i * j for i in 1:2, j in 1:3};
  Real c[3] = {x for x in a};
end Compr;
