// A Real value is not given to an Integer without integer() (specification 10.6.13): bindings of
// parameters and variables, / of Integers (10.6.4: a Real), equations and when-equations.
// ERROR: %f:9:25: error: 'k' is Integer but the value given to it is Real (Real to Integer needs integer())
// ERROR: %f:10:25: error: 'm' is Integer but the value given to it is Real (Real to Integer needs integer())
// ERROR: %f:11:15: error: 'n' is Integer but the value given to it is Real (Real to Integer needs integer())
// ERROR: %f:15:9: error: 'p' is Integer but the value given to it is Real (Real to Integer needs integer())
// ERROR: %f:17:7: error: 'q' is Integer but its equation's other side is Real
model TypesIntegerReal
  parameter Integer k = 1.5;
  parameter Integer m = 4/2;
  Integer n = time;
  Integer p, q, ok = integer(time) + div(5, 2) "fine";
equation
  when time > 1 then
    p = 2*time;
  end when;
  q = 2.0;
end TypesIntegerReal;
