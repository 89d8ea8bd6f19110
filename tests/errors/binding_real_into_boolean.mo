model RealIntoBool
  Boolean b = 1.0;
end RealIntoBool;
// ERROR: %f:2:15: error: 'b' is Boolean but its binding is Real
