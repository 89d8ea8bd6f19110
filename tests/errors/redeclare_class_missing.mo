// A redeclaration names a class the modified class has.
model RedeclareClassMissing
  model A Real x = 1; end A;
  model C
    replaceable model M = A;
    M m;
  end C;
  C c(redeclare model N = A);
end RedeclareClassMissing;
// ERROR: %f:8:23: error: 'RedeclareClassMissing.C' has no element 'N' to redeclare
