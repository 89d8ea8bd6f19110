model HomotopyNamed3
  Real z = homotopy(simplified = 1);
end HomotopyNamed3;
// ERROR: %f:2:12: error: homotopy: argument 'actual' is missing
