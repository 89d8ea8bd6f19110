model Dims
  Real[3] a;
  Real[2, 3] b[4];
  Real c[:];
  Real[:, 2] d = {{1, 2}};
  Integer e[2, 3](each start = 0);
  parameter Integer n = 2;
  Real f[n + 1, size(a, 1)];
end Dims;
