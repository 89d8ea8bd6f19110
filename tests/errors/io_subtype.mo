// The inner element must be a subtype of the outer one (spec 5.4): Real is no subtype of Integer.
model IoSubtype
  model B
    outer Integer T0;
  end B;
  inner Real T0 = 10;
  B b;
end IoSubtype;
// ERROR: %f:4:19: error: the inner 'T0' is not a subtype of the outer 'T0': it is of type Real, the outer of type Integer
// ERROR: %f:6:14: note: the inner 'T0' is declared here
