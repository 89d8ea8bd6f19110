// A base class name must be transitively non-replaceable (spec 7.1.4).
model M
  replaceable model A
    Real x = 2;
  end A;
  extends A;
end M;
// MODEL: M
// ERROR: %f:6:11: error: the base class 'A' goes through the replaceable class 'A': a base class name must be transitively non-replaceable (specification 7.1.4)
