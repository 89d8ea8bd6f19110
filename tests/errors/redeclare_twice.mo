// A redeclaration without 'replaceable' cannot be redeclared again (spec 7.3.4).
model RedeclareTwice
  model A Real x = 1; end A;
  model B Real x = 2; end B;
  model H
    replaceable A a;
  end H;
  model D
    extends H(redeclare B a);
  end D;
  D d(redeclare A a);
end RedeclareTwice;
// ERROR: %f:11:19: error: cannot redeclare 'a' again: it was redeclared without 'replaceable'
// ERROR: %f:9:27: note: redeclared here
