model AlgForRangeVar
  Integer k = integer(3 * time) + 1;
  Real s;
algorithm
  s := 0;
  for i in 1:k loop
    s := s + i;
  end for;
end AlgForRangeVar;
// ERROR: %f:6:12: error: not supported yet: a for-loop range that is not a parameter expression
