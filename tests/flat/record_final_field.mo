// A parameter record with final fields, bound as a whole (the MSL's machines: permanentMagnetLossParameters
// = smpmData.permanentMagnetLossParameters, statorCoreParameters(final m = 3) bound to the data's): the
// value gives the other fields, a final field keeps its own value (spec 7.2.3, 7.2.6), computed from them.
model RecordFinalField
  record P
    parameter Real PRef = 0;
    parameter Real wRef = 1;
    parameter Integer m = 3;
    final parameter Real tauRef = if PRef <= 0 then 0 else PRef/wRef;
  end P;
  model Loss
    parameter P p(final m = 3);
    Real tau = p.tauRef * p.m;
  end Loss;
  parameter P data(PRef = 6, wRef = 2);
  Loss loss(p = data);
  Loss loss2(p = P(PRef = 4, wRef = 8));
end RecordFinalField;
