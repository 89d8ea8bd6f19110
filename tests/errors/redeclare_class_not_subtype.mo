// A redeclared class must be a subtype of the constraining type (spec 7.3.2).
model RedeclareClassNotSubtype
  model A parameter Real k = 1; Real x = k; end A;
  model B Real x = 2; end B;
  model C
    replaceable model M = A;
    M m;
  end C;
  C c(redeclare model M = B);
end RedeclareClassNotSubtype;
// ERROR: %f:9:23: error: 'RedeclareClassNotSubtype.B' is not a subtype of 'RedeclareClassNotSubtype.A', the constraining type of 'M': it has no element 'k'
// ERROR: %f:3:26: note: 'k' is declared here
