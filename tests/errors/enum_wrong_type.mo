// A variable of an enumeration type takes a literal of an equivalent type only (same literals in the
// same order), and no number (spec 4.9.5).
model M
  type A = enumeration(x, y, z);
  type B = enumeration(x, y, z, w);
  type C = enumeration(x, y, z);
  parameter A a = B.y;
  parameter A a2 = C.y;
  parameter B b = 1;
  A v = if time > 0.5 then A.x else a2;
end M;
// MODEL: M
// ERROR: %f:7:19: error: 'a' is of enumeration type 'M.A' but the value given to it is of enumeration type 'M.B' (specification 4.9.5)
// ERROR: %f:9:19: error: 'b' is of an enumeration type but the value given to it is Integer (Integer(e) and E(i) are no implicit conversions, specification 4.9.5.2)
