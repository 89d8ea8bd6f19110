// inStream is only allowed on stream variables (spec 15.2).
model InStreamNotStream
  connector Port
    Real p;
    flow Real m;
    stream Real h;
  end Port;
  Port port;
  Real x = inStream(port.p);
equation
  port.h = 1;
end InStreamNotStream;
// ERROR: %f:9:21: error: the argument of inStream must be a stream variable
