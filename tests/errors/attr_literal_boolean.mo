// A Boolean variable's start value must be Boolean (1 is an Integer literal).
model AttrLiteralBoolean
  Boolean b(start = 1);
equation
  b = false;
end AttrLiteralBoolean;
// ERROR: %f:3:21: error: attribute 'start' must be of type Boolean, not the Integer literal '1'
