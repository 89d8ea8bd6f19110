model StringAlgCond
  String s;
  Real x;
algorithm
  if time > 0.5 then
    s := "late";
  else
    s := "early";
  end if;
  x := if s == "late" then 1 else 0;
end StringAlgCond;
// ERROR: %f:6:5: error: not supported yet: a String variable ('s') assigned in an algorithm section where the statement runs only under a condition known at run time
