// The modifiers of a constraining clause apply to the element: an error until they are applied.
model CB
  model A parameter Real k = 1; Real x = k; end A;
  replaceable A a constrainedby A(k = 5);
end CB;
// ERROR: %f:4:33: error: not supported yet: modifiers on constrainedby
