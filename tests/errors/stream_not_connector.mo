// The stream prefix is for connector declarations only (spec 15.1).
model StreamNotConnector
  stream Real h;
equation
  h = 1;
end StreamNotConnector;
// ERROR: %f:3:15: error: 'h' is declared stream outside a connector: the stream prefix can only be used in a connector (spec 15.1)
