// A stream connector has exactly one scalar flow variable (spec 15.1).
model StreamTwoFlows
  connector Port
    Real p, q;
    flow Real m1, m2;
    stream Real h;
  end Port;
  Port port;
equation
  port.h = 1;
end StreamTwoFlows;
// ERROR: %f:8:8: error: stream connector 'port' has 2 flow variables: a stream connector must have exactly one scalar flow variable (spec 15.1)
// ERROR: %f:3:13: note: 'StreamTwoFlows.Port' is declared here
