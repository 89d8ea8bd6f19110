// A protected element cannot be reached with dot notation (spec 4.1), even when the class holding it
// is inherited: the error names the element and the class.
model A
protected
  model B
    Real x = 1;
  end B;
end A;
model M
  extends A;
  A.B b;
end M;
// MODEL: M
// ERROR: %f:11:5: error: 'B' is protected in 'A': a protected element cannot be reached with dot notation (specification 4.1)
