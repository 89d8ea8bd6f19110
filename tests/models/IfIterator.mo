// An if-expression whose condition holds only an iterator (tests/sim/if_iterator.sh): the branch not
// taken would be out of range (a[i - 1] for i = 1), as in the MSL's StateGraph steps
model IfIterator
  parameter Integer n = 3;
  Real a[n];
equation
  for i in 1:n loop
    a[i] = if i == 1 then time else a[i - 1] + 1;
  end for;
  annotation(experiment(StopTime = 1));
end IfIterator;
