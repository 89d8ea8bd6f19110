model Subs
  Real a[3, 3];
  Real b[3] = a[:, 1];
  Real c[3] = a[2, :];
  Real d[3, 3] = a[:, :];
  Real e = a[1, 1];
  Real f[2] = a[{1, 2}, 3];
end Subs;
