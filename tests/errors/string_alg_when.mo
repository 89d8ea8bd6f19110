model StringAlgWhen
  String s(start = "a");
  Real x = if s == "b" then 1 else 0;
algorithm
  when time > 0.5 then
    s := "b";
  end when;
end StringAlgWhen;
// ERROR: %f:6:5: error: not supported yet: a String variable ('s') assigned in an algorithm section in a when-statement
