model Elementwise
  Real a[2] = {1, 2}, b[2] = {3, 4};
  Real c[2] = a .+ b .- a .* b ./ a;
  Real d[2] = a .^ 2;
  Real e[2] = .-a;
  Real f[2] = 2.*a;
  Real g[2] = 2 .* a;
  Real h[2] = 1.0.*a;
end Elementwise;
