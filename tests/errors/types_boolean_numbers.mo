// Booleans and numbers never mix (specification 10.6): arithmetic on a Boolean, a Boolean where a number
// goes and a number where a Boolean goes (and, not, if-conditions, edge).
// ERROR: %f:11:12: error: an operand of '+' is Boolean; arithmetic needs numbers (Integer(b) or if b then 1 else 0 converts)
// ERROR: %f:12:22: error: an operand of 'and' must be Boolean, not Integer
// ERROR: %f:13:19: error: the operand of 'not' must be Boolean, not Real
// ERROR: %f:14:15: error: the condition of an if-expression must be Boolean, not Real
// ERROR: %f:15:20: error: the argument of edge must be Boolean, not Real
// ERROR: %f:16:15: error: a relation compares Boolean with Integer
// ERROR: %f:20:7: error: 'y' is Real but its equation's other side is Boolean
model TypesBooleanNumbers
  Real a = true + 1;
  Boolean b = b0 and 1;
  Boolean c = not x;
  Real d = if x then 1 else 2;
  Boolean e = edge(x);
  Boolean f = b0 == 1;
  Real x = time, y;
  Boolean b0 = time > 1;
equation
  y = b0;
end TypesBooleanNumbers;
