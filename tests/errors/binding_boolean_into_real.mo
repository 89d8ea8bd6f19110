model BoolIntoReal
  Real y = initial();
end BoolIntoReal;
// ERROR: %f:2:12: error: 'y' is Real but its binding is Boolean
