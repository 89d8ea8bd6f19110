// Integer() converts enumeration values (4.9.5.1), not numbers: integer() rounds a Real down.
// ERROR: %f:4:20: error: Integer() takes an enumeration value, not Real
model M
  Real r = Integer(time);
end M;
