model RecordFinalField "a final field of a record may not be modified, also beside a value for the record"
  record P
    parameter Real PRef = 0;
    final parameter Real tauRef = 2 * PRef;
  end P;
  parameter P data(PRef = 6);
  parameter P p(tauRef = 3);
end RecordFinalField;
// ERROR: %f:7:17: error: cannot modify final element 'tauRef'
// ERROR: %f:4:26: note: 'tauRef' is declared final here
