// A class redeclared in an extending class: an error until redeclarations are instantiated, never the
// original class in silence.
model RD
  model A Real x = 1; end A;
  model B Real x = 2; end B;
  model C
    replaceable model M = A;
    M m;
  end C;
  model D
    extends C;
    redeclare model M = B;
  end D;
  D d;
end RD;
// ERROR: %f:12:21: error: not supported yet: redeclare
