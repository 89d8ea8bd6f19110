// The condition of a conditional component is Boolean (spec 4.4.5): an Integer is an error.
model M
  parameter Integer i = 1;
  Real x = 2.0 if i;
end M;
// MODEL: M
// ERROR: %f:4:19: error: the condition of a conditional component must be Boolean, not Integer (specification 4.4.5)
