function WhileSt
  input Real x;
  output Real y;
algorithm
  y := x;
  while y > 1 and not y < 0 loop
    y := y / 2;
  end while;
end WhileSt;
