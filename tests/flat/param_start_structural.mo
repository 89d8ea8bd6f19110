// Parameters without a binding but with an explicit start value (specification 8.6: the start value
// "can be used to add a parameter binding equation"): their start value sizes arrays, chooses
// conditional components and decides if-statements at compile time, as the MSL's
// Electrical.Analog.Ideal.AD_Converter (N(start = 8)) and Thermal.HeatTransfer.Sensors.
// ConditionalFixedHeatFlowSensor (useFixedTemperature(start = false)) need when flattened stand-alone.
// noEvent of a parameter expression is evaluated too (Blocks.Sources.TimeTable's
// if noEvent(size(table, 1) > 1) around table[1, 1] of an empty table). The empty arrays' min and max
// are the greatest and least values of their element type (10.3.4.1, as the reductions').
model ParamStartStructural
  parameter Integer n(min = 1, start = 3);
  parameter Integer m(start = 2, fixed = true);
  parameter Boolean use(start = false);
  parameter Real table[:, 2] = fill(0.0, 0, 2);
  Real x[n + m](each start = 1, each fixed = true);
  Real c = 1 if use;
  Real y[0];
  Integer k[0];
  Boolean b[0];
  Real ymax, ymin;
  Integer kmax, kmin;
  Boolean bmax, bmin;
  Real first;
algorithm
  first := 1;
  if noEvent(size(table, 1) > 1) then
    first := table[1, 1];
  end if;
equation
  der(x) = -x;
  ymax = max(y);
  ymin = min(y);
  kmax = max(k);
  kmin = min(k);
  bmax = max(b);
  bmin = min(b);
end ParamStartStructural;
