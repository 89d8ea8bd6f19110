// The class a composite name looks inside is not partial (spec 5.3.2), unless it is replaceable.
model M
  partial package P
    constant Real x = 45.2;
  end P;
  Real y = P.x;
end M;
// MODEL: M
// ERROR: %f:6:14: error: 'x' is looked up inside the partial class 'M.P' (specification 5.3.2)
