// A multivibrator (as Modelica.Electrical.Analog.Examples.OpAmps.Multivibrator): an ideal op amp with
// limits as a Schmitt trigger (positive feedback through the divider r2, r1) charging a capacitor through
// r, whose voltage drives the inverting input; for tests/sim/nl_multivibrator.sh. The algebraic loop
// (vin, out, i) has three solutions while |vc| < 7.499 V: out at either limit, or in the 1 mV band
// between. The start value of i picks the lower limit at the start (a Newton from i = 0 reaches it;
// one from vin = 0 the middle solution), and the trajectory stays on a limit's branch until the branch
// ends (vc crosses -7.499 V or 7.499 V), where out jumps to the other limit.
model NlMultivibrator
  parameter Real V0 = 15000;
  parameter Real Vps = 15;
  parameter Real Vns = -15;
  parameter Real R1 = 1000;
  parameter Real R2 = 1000;
  parameter Real R = 1000;
  parameter Real C = 1e-4;
  Real vc(start = 1, fixed = true) "capacitor voltage, the inverting input";
  Real i(start = 0) "current through r2 and r1";
  Real vin "the input voltage: R1 i at the non-inverting input, vc at the inverting one";
  Real out;
equation
  vin = R1*i - vc;
  out - (vin + vc) = R2*i;
  out = smooth(0, noEvent(if V0*vin > Vps then Vps else if V0*vin < Vns then Vns else V0*vin));
  C*der(vc) = (out - vc)/R;
  annotation(experiment(StopTime = 0.6, Interval = 0.001));
end NlMultivibrator;
