model Arrays
  Real a[3] = {1, 2, 3};
  Real b[2, 2] = {{1, 2}, {3, 4}};
  Real c[0] = {};
  Real d[1] = {a[1]};
end Arrays;
