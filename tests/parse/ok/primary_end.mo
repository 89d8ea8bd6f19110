model EndSub
  Real a[4] = {1, 2, 3, 4};
  Real b = a[end];
  Real c[2] = a[end - 1:end];
  Real d = a[div(end, 2)];
  Real e = a[size({1, end}, 1)];
  Real f[2, 2] = {{1, 2}, {3, 4}};
  Real g = f[end, end];
  Real h = a[if true then end else 1];
end EndSub;
