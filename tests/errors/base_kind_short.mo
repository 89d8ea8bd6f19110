// A short class definition is an extends clause in another form (4.5.1), so 7.1.3 restricts it too.
// ERROR: %f:7:15: error: a package cannot be defined as 'M', a model (specification 7.1.3)
model BaseKindShort
  model M
    Real y = 1;
  end M;
  package P = M;
  constant Real c = P.k;
end BaseKindShort;
