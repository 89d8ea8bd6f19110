// A final class cannot be redeclared (spec 7.2.6).
model RedeclareClassFinal
  model A Real x = 1; end A;
  model B Real x = 2; end B;
  model C
    final replaceable model M = A;
    M m;
  end C;
  C c(redeclare model M = B);
end RedeclareClassFinal;
// ERROR: %f:9:23: error: cannot redeclare final element 'M'
// ERROR: %f:6:29: note: 'M' is declared final here
