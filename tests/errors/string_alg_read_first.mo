model StringAlgReadFirst
  String s(start = "old");
  Real x;
algorithm
  x := if s == "new" then 1 else 0;
  s := "new";
end StringAlgReadFirst;
// ERROR: %f:6:3: error: not supported yet: a String variable ('s') assigned in an algorithm section after the section read it
