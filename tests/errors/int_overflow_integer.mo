// integer() of a Real is an Integer (spec 3.7.1): outside the 32-bit range of spec 4.9.2 it overflows.
model IntOverflowInteger
  parameter Real r = 2.5e9;
  parameter Integer i = integer(r);
  Real x[if i < 0 then 1 else 2];
end IntOverflowInteger;
// ERROR: %f:4:25: error: Integer overflow: integer(2500000000) is outside the Integer range -2147483648..2147483647 (specification 4.9.2)
// ERROR: %f:5:10: note: an array dimension needs its value here
