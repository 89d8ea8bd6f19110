// Algebraic loops through an ideal op amp's limiter (as Modelica.Electrical.Analog.Ideal.
// IdealizedOpAmpLimited writes it: smooth(0, noEvent(..)), slope V0 = 15000 in a band of 1 mV, 0 outside),
// for tests/sim/nl_piecewise.sh. No states: each output point solves the loop from the last solution.
package NlPiecewise
  // a non-inverting amplifier of gain 2 (feedback k = 1/2): out = V0 u/(1 + k V0) inside the supply
  // voltages, saturated at +-15 V beyond |u| = 7.5005 V; u is a sine of 10 V
  model Amplifier
    parameter Real V0 = 15000;
    parameter Real Vps = 15;
    parameter Real Vns = -15;
    parameter Real k = 0.5;
    Real u = 10*sin(2*3.141592653589793*time);
    Real vin(start = 0);
    Real out;
  equation
    vin = u - k*out;
    out = smooth(0, noEvent(if V0*vin > Vps then Vps else if V0*vin < Vns then Vns else V0*vin));
    annotation(experiment(StopTime = 1, Interval = 0.001));
  end Amplifier;

  // a Schmitt trigger (positive feedback k = 1/2 on the non-inverting input, u on the inverting one):
  // out = +15 until u rises above 7.5 V, then -15 until u falls below -7.5 V; u = -10 cos(2 pi t)
  model Schmitt
    parameter Real V0 = 15000;
    parameter Real Vps = 15;
    parameter Real Vns = -15;
    parameter Real k = 0.5;
    Real u = -10*cos(2*3.141592653589793*time);
    Real vin(start = 1);
    Real out;
  equation
    vin = k*out - u;
    out = smooth(0, noEvent(if V0*vin > Vps then Vps else if V0*vin < Vns then Vns else V0*vin));
    annotation(experiment(StopTime = 1.2, Interval = 0.01));
  end Schmitt;
end NlPiecewise;
