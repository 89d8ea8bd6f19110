model ArrColonValueDims
  parameter Real t[:, :] = {1, 2};
end ArrColonValueDims;
// ERROR: %f:2:28: error: the value for 't' has size [2], but 't' has 2 dimensions
