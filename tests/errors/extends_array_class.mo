// Nothing else stands beside an extends of an array class (spec 4.6.2).
model M
  model A
    Real x = 1.0;
  end A;
  model A3 = A[3];
  model B
    extends A3;
    Real y = 2.0;
  end B;
  B b;
end M;
// MODEL: M
// ERROR: %f:9:10: error: 'B' extends 'A3', an array class, so it cannot have components (specification 4.6.2)
// ERROR: %f:8:13: note: 'B' extends 'A3' here
