model AlgIterRange
  Real x[3], y[4];
algorithm
  for i loop
    x[i] := 1;
    if time > 1 then
      y[i] := 2;
    end if;
  end for;
end AlgIterRange;
// The deduced range must be the same at every use (10.4.1.1), inside nested statements too.
// ERROR: %f:7:7: error: the range of iterator 'i' differs between its uses: here 4, before 3
// ERROR: %f:5:5: note: the range of 'i' was deduced from this use
