// The condition of an if-equation is Boolean (spec 8.3.4), also when flattening evaluates it.
model M
  Real x;
  parameter Integer i = 1;
equation
  if i then
    x = 3.0;
  else
    x = 4.0;
  end if;
end M;
// MODEL: M
// ERROR: %f:6:6: error: the condition of an if-equation must be Boolean, not Integer (specification 8.3.4)
