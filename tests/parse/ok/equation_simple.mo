model Eqs
  Real x, y, z[2];
equation
  x = y + 1;
  y = 2 "described";
  z[1] + z[2] = 0 annotation(x = 1);
  -x = y;
  {z[1], z[2]} = {1, 2};
  (x, y) = f(1);
  2 = x;
end Eqs;
