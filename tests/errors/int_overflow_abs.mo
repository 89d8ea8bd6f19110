// abs of an Integer leaves the 32-bit Integer range (spec 4.9.2) at -2147483648: a parameter expression
// that flattening needs is not given a value the simulator would not compute.
model IntOverflowAbs
  parameter Integer m = -2147483647 - 1;
  parameter Integer a = abs(m);
  Real x[if a < 0 then 1 else 2];
end IntOverflowAbs;
// ERROR: %f:5:25: error: Integer overflow: abs(-2147483648) is outside the Integer range -2147483648..2147483647 (specification 4.9.2)
// ERROR: %f:6:10: note: an array dimension needs its value here
