model StrCompareReal
  parameter String kind = "fast";
  parameter Real k = 2;
  Real x(start = 1, fixed = true);
equation
  der(x) = if kind == k then -x else x;
end StrCompareReal;
// ERROR: %f:6:15: error: cannot compare a String with a Real
