model Matrix
  Real m[2, 2] = [1, 2; 3, 4];
  Real r[1, 3] = [1, 2, 3];
  Real c[3, 1] = [1; 2; 3];
  Real b[2, 4] = [m, m];
  Real v[2, 2] = [m[1, :]; m[2, :]];
end Matrix;
