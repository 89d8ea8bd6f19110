// The inner element may be no more variable than the outer one says: a parameter is expected here.
model IoVariability
  model B
    outer parameter Real k;
  end B;
  inner Real k = time;
  B b;
end IoVariability;
// ERROR: %f:4:26: error: the inner 'k' is not a subtype of the outer 'k': it is a continuous variable, the outer a parameter
// ERROR: %f:6:14: note: the inner 'k' is declared here
