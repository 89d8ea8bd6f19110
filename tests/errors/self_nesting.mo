// A class that contains itself: its instances would nest without end (the dimension n never reaches 0).
// Before, the bound on the depth of declarations said "declare them in the order of their dependencies".
model SelfNesting
  model A
    parameter Integer n = 1;
    Real x[n];
    A a[n];
  end A;
  A a;
end SelfNesting;
// ERROR: %f:7:7: error: class 'SelfNesting.A' contains itself (through component 'a' of 'SelfNesting.A'): its instances nest more than 1000 levels deep
