model IterRangesType
  Real x[2], y[Boolean];
equation
  for i loop
    x[i] = if y[i] > 0 then 1 else 2;
  end for;
end IterRangesType;
// ERROR: %f:5:15: error: the range of iterator 'i' differs between its uses: here 2 of Boolean, before 2
