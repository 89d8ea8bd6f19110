// A for-equation over a vector of Strings (a parameter expression, 8.3.2): the iterator takes each String,
// and comparisons of it with literals are decided when the model is compiled (the compliance suite's
// Equations.For.StringRange); a String parameter in the range gives its value.
model ForStringRange
  parameter String third = "str3";
  Real x[3];
equation
  for s in {"str1", "str2", third} loop
    if s == "str1" then
      x[1] = 1;
    elseif s == "str2" then
      x[2] = 2;
    else
      x[3] = 3;
    end if;
  end for;
end ForStringRange;
