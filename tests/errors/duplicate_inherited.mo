// A declaration that clashes with an inherited element of another declaration.
model A
  Real x;
end A;
model M
  extends A;
  parameter Real x = 1;
end M;
// MODEL: M
// ERROR: %f:7:18: error: duplicate declaration of 'x'
// ERROR: %f:3:8: note: previous declaration of 'x' is here
