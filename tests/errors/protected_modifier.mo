// A modifier may not reach into a protected element.
model A
  parameter Real k = 1;
protected
  parameter Real hidden = 2;
end A;
model M
  A a(hidden = 3);
end M;
// MODEL: M
// ERROR: %f:8:7: error: cannot modify protected element 'hidden'
// ERROR: %f:5:18: note: 'hidden' is declared protected here
