// Two declarations of one name: an error at the second, a note at the first.
model M
  Real x;
  parameter Real y = 1;
  Real x;
equation
  x = y;
end M;
// ERROR: %f:5:8: error: duplicate declaration of 'x'
// ERROR: %f:3:8: note: previous declaration of 'x' is here
