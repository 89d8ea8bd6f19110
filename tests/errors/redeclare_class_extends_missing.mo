// redeclare model extends M needs an inherited M (spec 7.3.1).
model RedeclareClassExtendsMissing
  model C
    Real x = 1;
  end C;
  model D
    extends C;
    redeclare model extends M
      Real y = 2;
    end M;
    M m;
  end D;
  D d;
end RedeclareClassExtendsMissing;
// ERROR: %f:8:29: error: 'M' is redeclared, but no base class of 'D' declares it
