// The inner element must be a subtype of the outer one: a class with every element of the outer's.
model IoClass
  record R1
    Real x;
  end R1;
  record R2
    Real x;
    Real y;
  end R2;
  model A
    outer R2 r;
  end A;
  inner R1 r(x = 1);
  A a;
end IoClass;
// ERROR: %f:11:14: error: the inner 'r' is not a subtype of the outer 'r': it has no element 'y' of class 'IoClass.R2'
// ERROR: %f:13:12: note: the inner 'r' is declared here
