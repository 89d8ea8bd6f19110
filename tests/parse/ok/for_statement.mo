function ForSt
  input Real x[:];
  output Real s;
algorithm
  s := 0;
  for i in 1:size(x, 1) loop
    s := s + x[i];
  end for;
  for i in 1:2, j loop s := s + i; end for;
  for e in x loop s := s + e; end for;
end ForSt;
