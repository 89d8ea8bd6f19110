// An enumeration literal is no Integer (spec 4.9.5.2: Integer(e) converts): given to an Integer, and
// compared with a number, each is an error.
model M
  type E = enumeration(one, two, three);
  parameter Integer a = E.three;
  parameter Integer b = Integer(E.two);
  parameter Real c = if E.one > 3 then 3 else 4;
end M;
// MODEL: M
// ERROR: %f:5:25: error: 'a' is Integer but the value given to it is an enumeration literal (Integer(e) and E(i) are no implicit conversions, specification 4.9.5.2)
// ERROR: %f:7:25: error: a relation compares an enumeration with Integer (Integer(e) converts an enumeration value, specification 4.9.5.2)
