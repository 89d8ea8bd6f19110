// An array dimension indexed by an enumeration takes its values as subscripts, not Integers
// (specification 10.1).
// ERROR: %f:11:14: error: 'w' is indexed by the enumeration 'EnumIndexInteger.Size' here, so the subscript must be one of its values, not an Integer (specification 10.1)
model EnumIndexInteger
  type Size = enumeration(small, medium, large);
  parameter Size s = Size.medium;
  parameter Integer k = 2;
  Real w[Size] = {1, 2, 3};
  Real a = w[Size.large] "fine";
  Real b = w[s] "fine";
  Real c = w[1];
end EnumIndexInteger;
