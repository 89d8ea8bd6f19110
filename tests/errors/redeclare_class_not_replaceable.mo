// Only a replaceable class can be redeclared (spec 7.3.4).
model RedeclareClassNotReplaceable
  model A Real x = 1; end A;
  model B Real x = 2; end B;
  model C
    model M = A;
    M m;
  end C;
  model D
    extends C;
    redeclare model M = B;
  end D;
  D d;
end RedeclareClassNotReplaceable;
// ERROR: %f:11:21: error: 'M' is not replaceable and cannot be redeclared
// ERROR: %f:6:11: note: 'M' is declared here
