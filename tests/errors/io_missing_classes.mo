// An outer with no inner gets one added at the top, unless the outer elements of that name have
// different classes (spec 5.4).
model IoMissingClasses
  record R
    Integer i = 1;
  end R;
  record R2
    Real i = 2;
  end R2;
  model A
    outer R T0;
  end A;
  model A2
    outer R2 T0;
  end A2;
  A a;
  A2 a2;
end IoMissingClasses;
// ERROR: %f:11:13: warning: outer 'T0' has no inner: 'inner R T0' is added at the top of the model
// ERROR: %f:14:14: error: outer 'T0' has no inner, and none can be added: the outer elements of that name have different classes, 'IoMissingClasses.R2' and 'IoMissingClasses.R'
// ERROR: %f:11:13: note: an outer 'T0' of class 'IoMissingClasses.R' is declared here
