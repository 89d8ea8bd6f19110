// A modifier on an extends clause names elements of the base class only, not of the derived class.
model Base
  parameter Real k = 1;
  Real x = k;
end Base;
model Derived
  extends Base(k = 2, gain = 3);
  parameter Real gain = 1;
end Derived;
// MODEL: Derived
// ERROR: %f:7:23: error: class 'Base' has no element 'gain'
// ERROR: %f:8:18: note: 'gain' is declared here, outside the base class
