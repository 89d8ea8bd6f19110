model Rel
  Real x = 1;
  Boolean a = x < 1, b = x <= 1, c = x > 1, d = x >= 1, e = x == 1, f = x <> 1;
  Boolean g = x + 1 < 2 * x;
  Boolean h = (x < 1) == (x > 2);
end Rel;
