// Records and connectors have no inner or outer elements (spec 4.6).
model IoRecordElement
  connector C
    outer Real e;
    flow Real f;
  end C;
  inner Real e = 1;
  C c;
end IoRecordElement;
// ERROR: %f:4:16: error: an element of a connector cannot be outer
// ERROR: %f:3:13: note: 'C' is declared here
