// Only a replaceable element can be redeclared with a new type (spec 7.3.4).
model RedeclareNotReplaceable
  model A Real x = 1; end A;
  model B Real x = 2; end B;
  model H
    A a;
  end H;
  H h(redeclare B a);
end RedeclareNotReplaceable;
// ERROR: %f:8:19: error: 'a' is not replaceable: a redeclaration cannot change its type
// ERROR: %f:6:7: note: 'a' is declared here
