// A parameter with neither a binding nor a start value has no value (specification 8.6: only an explicit
// start value may stand in for a binding), so it cannot size an array: the error names it (the MSL's
// Thermal.HeatTransfer.Components.ThermalCollectorMatrix, flattened stand-alone, has Ns(min = 1)).
model ArrDimNoValue
  parameter Integer ns(min = 1) "Number of rows";
  Real x[ns];
equation
  x = ones(ns);
end ArrDimNoValue;
// ERROR: %f:6:10: error: an array dimension cannot be evaluated: parameter 'ns' has neither a value nor a start value
// ERROR: %f:5:21: note: 'ns' is declared here
