// An inner outer element of the model itself: its outer part has no inner above it, and the inner that
// would be added at the top is its own inner part. One component r, not two of one name.
// ARGS: --flat %f
// MODEL: InnerOuterTop
model R
  Real x;
end R;
model User
  outer R r;
  Real y = 2 * r.x;
end User;
model InnerOuterTop
  inner outer R r(x = time);
  User u;
end InnerOuterTop;
