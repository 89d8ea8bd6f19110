// The same with an Integer parameter as the subscript (specification 10.1).
// ERROR: %f:7:14: error: 'w' is indexed by the enumeration 'EnumIndexIntegerVar.Size' here, so the subscript must be one of its values, not an Integer (specification 10.1)
model EnumIndexIntegerVar
  type Size = enumeration(small, medium, large);
  parameter Integer k = 2;
  Real w[Size] = {1, 2, 3};
  Real d = w[k];
end EnumIndexIntegerVar;
