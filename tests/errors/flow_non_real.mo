// flow applies to Real variables, and to records and connectors of them (spec 4.4.2.2).
model FlowNonReal
  connector C
    flow Integer n;
    Real e;
  end C;
  C c;
end FlowNonReal;
// ERROR: %f:4:18: error: flow 'n' must be a Real or a record or connector of them, not of type 'Integer'
