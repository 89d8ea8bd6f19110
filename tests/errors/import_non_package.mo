// One imports only from packages (spec 13.2.1): A.B in import A.B.C must be a package.
model A
  model B
    Real x = 1;
  end B;
end A;
model M
  import A.B;
  B b;
end M;
// MODEL: M
// ERROR: %f:8:10: error: an import-clause imports from a package, but 'A' is a model (specification 13.2.1)
