// An unknown name in an equation: the error at the reference, a note at the closest declaration.
model M
  Real v(start = 1);
  parameter Real k = 2;
equation
  der(vv) = -k*v;
end M;
// ERROR: %f:6:7: error: unknown variable 'vv'
// ERROR: %f:3:8: note: did you mean 'v'?
