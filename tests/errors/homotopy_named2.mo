model HomotopyNamed2
  Real y = homotopy(time, actual = 1);
end HomotopyNamed2;
// ERROR: %f:2:27: error: argument 'actual' of homotopy is given twice
