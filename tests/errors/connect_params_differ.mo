// Connected parameters are not connected but must be equal (spec 9.3): known to differ here.
model ConnectParamsDiffer
  connector Pin
    parameter Real R = 1;
    Real v;
    flow Real i;
  end Pin;
  Pin p1(R = 2), p2;
equation
  connect(p1, p2);
end ConnectParamsDiffer;
// ERROR: %f:10:3: error: connected parameters 'p1.R' and 'p2.R' differ: 2 and 1
