// A connect of whole arrays of one element (the MSL's PowerConverters connect internalEnable[m] with
// m = 1): the array's only slot was kept in the look-up's stack frame and read after it returned
// (a random crash, or "'internalEnable' is not a connector").
model ConnectArrayOfOne
  connector RealOut = output Real;
  connector RealIn = input Real;
  block Src
    parameter Integer m = 1;
    RealOut y[m];
  equation
    y[1] = time;
  end Src;
  block Sink
    RealIn u[1];
    Real v = 2*u[1];
  end Sink;
  Src src;
  Sink sink;
  RealOut out[1];
equation
  connect(src.y, sink.u);
  connect(out, src.y);
end ConnectArrayOfOne;
