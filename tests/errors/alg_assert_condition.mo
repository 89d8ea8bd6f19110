model AlgAssertCondition
  Real x = time;
algorithm
  assert(1, "not a condition");
end AlgAssertCondition;
// ERROR: %f:4:10: error: the condition of assert must be a Boolean expression, not Integer
