model HomotopyNamed
  Real x = homotopy(actual = time, simple = 0);
  Real y = homotopy(time, actual = 1);
  Real z = homotopy(simplified = 1);
end HomotopyNamed;
// ERROR: %f:2:36: error: homotopy has no argument 'simple'
