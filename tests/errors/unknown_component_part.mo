// A component reference whose later part does not exist.
connector Pin
  Real v;
  flow Real i;
end Pin;
model M
  Pin p;
equation
  p.vv = 1;
end M;
// MODEL: M
// ERROR: %f:9:5: error: 'p' has no component 'vv'
// ERROR: %f:3:8: note: did you mean 'v'?
