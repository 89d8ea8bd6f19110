// An outer function needs an inner one in an enclosing instance (spec 5.4.1).
model IoOuterFunction
  partial function F
    input Real u;
    output Real y;
  end F;
  model D
    outer function fc = F;
    Real y = fc(1);
  end D;
  D d;
end IoOuterFunction;
// ERROR: %f:9:14: error: outer class 'fc' has no inner class in the enclosing instances
// ERROR: %f:8:20: note: 'fc' is declared outer here
