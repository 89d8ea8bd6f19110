model Range
  parameter Integer n = 4;
  Real a[n] = 1:n;
  Real b[3] = 1.0:0.5:2.0;
  Real c[2] = a[2:3];
  Real d[2] = a[n:-2:1];
  Real e[2] = a[end - 1:end];
  Boolean f[2] = {false, true};
  Integer g[:] = n - 1:-1:1;
end Range;
