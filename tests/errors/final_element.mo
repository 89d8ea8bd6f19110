// A final element cannot be modified.
model A
  final parameter Real k = 1;
end A;
model M
  A a(k = 2);
end M;
// MODEL: M
// ERROR: %f:6:7: error: cannot modify final element 'k'
// ERROR: %f:3:24: note: 'k' is declared final here
