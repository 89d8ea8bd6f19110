// A redeclaration made final cannot be redeclared again.
model RedeclareFinalMod
  model A Real x = 1; end A;
  model B Real x = 2; end B;
  model H
    replaceable A a;
  end H;
  model D
    extends H(redeclare final replaceable B a);
  end D;
  D d(redeclare A a);
end RedeclareFinalMod;
// ERROR: %f:11:19: error: cannot redeclare final element 'a'
// ERROR: %f:9:45: note: 'a' is declared final here
