model EnumUnknownLiteral
  type Color = enumeration(red, green, blue);
  parameter Color c = Color.gren;
  Real x;
equation
  x = if c == Color.red then 1 else 2;
end EnumUnknownLiteral;
// ERROR: %f:3:29: error: 'gren' is not a literal of enumeration 'Color'
// ERROR: %f:2:33: note: did you mean 'green'?
