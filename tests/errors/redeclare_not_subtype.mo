// The new component's class must be a subtype of the constraining type (spec 7.3.2).
model RedeclareNotSubtype
  model A parameter Real k = 1; Real x = k; end A;
  model B parameter Real k = 2; Real x = k; Real z = 0; end B;
  model C Real y = 1; end C;
  model H
    replaceable A a constrainedby A;
  end H;
  H ok(redeclare B a);
  H bad(redeclare C a);
end RedeclareNotSubtype;
// ERROR: %f:10:19: error: 'RedeclareNotSubtype.C' is not a subtype of 'RedeclareNotSubtype.A', the constraining type of 'a': it has no element 'k'
// ERROR: %f:3:26: note: 'k' is declared here
