// A connector has as many flow variables as potential ones (spec 9.3.1); records count their fields.
model ConnectorUnbalanced
  record R
    Real x;
    Real y;
  end R;
  connector C
    R e;
    flow Real f;
  end C;
  C c;
end ConnectorUnbalanced;
// ERROR: %f:11:5: error: connector 'c' has 2 potential variables but 1 flow variable: a connector must have as many of both (spec 9.3.1)
// ERROR: %f:7:13: note: 'ConnectorUnbalanced.C' is declared here
