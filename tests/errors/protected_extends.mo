// The elements of a base class extended under protected are protected (spec 7.1.2): b.x cannot be read
// from outside b.
model M
  model A
    Real x = 2;
  end A;
  model B
  protected
    extends A;
  end B;
  B b;
  Real y = b.x;
end M;
// MODEL: M
// ERROR: %f:12:14: error: 'x' is protected in 'b'
