// A redeclaration in a short class's modifier: an error until redeclarations are instantiated.
model SC
  model A Real x = 1; end A;
  model B Real x = 2; end B;
  model C
    replaceable model M = A;
    M m;
  end C;
  model C2 = C(redeclare model M = B);
  C2 c;
end SC;
// ERROR: %f:9:16: error: not supported yet: redeclare
