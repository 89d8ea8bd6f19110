model ArrTypeConstraintDims
  type Real3 = Real[3];
  type Real23 = Real[2, 3];
  replaceable Real3 x[2] = {{1, 2, 3}, {4, 5, 6}} constrainedby Real23;
end ArrTypeConstraintDims;
// ERROR: %f:4:65: error: 'Real3' has 1 array dimension, but its constraining type 'Real23' has 2
