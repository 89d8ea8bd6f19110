model CloneValueError "the third mass is a clone of the first: its bad value is still reported where it is written"
  model Mass
    parameter Real m = 1;
    Real x(start = 0, unit = "m");
  equation
    m * der(x) = -x;
  end Mass;
  Mass a(m = 1, x(unit = "m")), b(m = 2, x(unit = "m")), c(m = 3, x(unit = 5));
end CloneValueError;
// ERROR: %f:8:76: error: attribute 'unit' must be a string literal
