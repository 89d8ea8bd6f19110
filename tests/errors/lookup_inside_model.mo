// Composite name lookup inside a class that is no package finds only encapsulated elements (spec 5.3.2).
model M
  class A
    Real x = 2.0;
    class B
      Real y = 3.0;
    end B;
  end A;
  A.B ab;
end M;
// MODEL: M
// ERROR: %f:9:5: error: 'B' is looked up inside 'M.A', a class that is no package: only its encapsulated elements can be reached so (specification 5.3.2)
