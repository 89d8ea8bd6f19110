model IterNoUse
  Real x[3];
equation
  for i loop
    x = fill(i, 3);
  end for;
end IterNoUse;
// ERROR: %f:4:7: error: the range of iterator 'i' cannot be deduced: it subscripts no array
