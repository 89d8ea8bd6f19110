// fixed is Boolean whatever the variable's type: a number is an error at the value.
model AttrLiteralFixed
  Real y(fixed = 0);
equation
  der(y) = 1;
end AttrLiteralFixed;
// ERROR: %f:3:18: error: attribute 'fixed' must be of type Boolean, not the Integer literal '0'
