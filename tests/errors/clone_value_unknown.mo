model CloneValueUnknown "the second mass is a clone of the first; its value names nothing"
  model Mass
    parameter Real m = 1;
    Real x(start = 0);
  equation
    m * der(x) = -x;
  end Mass;
  parameter Real m0 = 2;
  Mass a(m = m0, x(start = 1)), b(m = m1, x(start = 2));
end CloneValueUnknown;
// ERROR: %f:9:39: error: unknown variable 'm1'
// ERROR: %f:8:18: note: did you mean 'm0'?
