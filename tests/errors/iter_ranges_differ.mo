model IterRangesDiffer
  Real x[3], y[2];
equation
  for i loop
    x[i] = y[i];
  end for;
end IterRangesDiffer;
// ERROR: %f:5:12: error: the range of iterator 'i' differs between its uses: here 2, before 3
// ERROR: %f:5:5: note: the range of 'i' was deduced from this use
