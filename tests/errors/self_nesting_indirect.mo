// A class that contains itself through another: A holds a B, which holds an array of A.
// MODEL: SelfNestingIndirect.M
package SelfNestingIndirect
  model A
    Real x;
    B b;
  end A;
  model B
    parameter Integer n = 2;
    A a[n];
  end B;
  model M
    A a;
  end M;
end SelfNestingIndirect;
// ERROR: %f:6:7: error: class 'SelfNestingIndirect.B' contains itself (through component 'b' of 'SelfNestingIndirect.A'): its instances nest more than 1000 levels deep
