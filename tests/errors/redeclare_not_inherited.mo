// A redeclare element of a class body replaces an inherited element (spec 7.3).
model RedeclareNotInherited
  model D
    redeclare Real x = 2;
  end D;
  D d;
end RedeclareNotInherited;
// ERROR: %f:4:20: error: 'x' is redeclared, but no base class of 'D' declares it
