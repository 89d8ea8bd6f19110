model ForEq
  Real x[3, 2], y[3];
equation
  for i in 1:3, j in {1, 2} loop
    x[i, j] = i * j;
  end for;
  for i loop
    y[i] = 0;
  end for;
  for k in 1:3 loop for l in 1:0 loop end for; end for;
end ForEq;
