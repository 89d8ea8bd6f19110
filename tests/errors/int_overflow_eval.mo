// Integers are 32-bit (spec 4.9.2): a parameter expression whose +, - or * leaves the range is not given a
// value the simulator would not compute (it fails there, tests/sim/int_overflow.sh), also when flattening
// needs it: an error naming the operation.
model IntOverflowEval
  parameter Integer p = 2147483647 + 1;
  Real x[if p < 0 then 1 else 2];
end IntOverflowEval;
// ERROR: %f:5:25: error: Integer overflow: 2147483647 + 1 is outside the Integer range -2147483648..2147483647 (specification 4.9.2)
// ERROR: %f:6:10: note: an array dimension needs its value here
