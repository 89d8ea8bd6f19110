// A final element cannot be redeclared (spec 7.2.6, 7.3.4).
model RedeclareFinal
  model A Real x = 1; end A;
  model B Real x = 2; end B;
  model H
    final replaceable A a;
  end H;
  model D
    extends H(redeclare B a);
  end D;
  D d;
end RedeclareFinal;
// ERROR: %f:9:27: error: cannot redeclare final element 'a'
// ERROR: %f:6:25: note: 'a' is declared final here
