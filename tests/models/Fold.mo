// Parameters folded into the equations before structural analysis (compiler/analysis/fold.c,
// specification 18.3); closed form in tests/sim/fold_params.sh.
package Fold
  model Cap "i = C*der(v)"
    parameter Real C;
    Real v;
    Real i;
  equation
    i = C*der(v);
  end Cap;

  model Junction "as the MSL's transistors: a capacitance c = smooth(1, tau*exp(v) + cj) times der(v)"
    parameter Real tau;
    parameter Real Cj;
    Real v;
    Real c;
    Real cj;
    Real i;
  equation
    cj = smooth(1, Cj*(1 + v^2));
    c = smooth(1, tau*exp(v)/(1 + v^2) + cj);
    i = c*der(v) + v;
  end Junction;

  // Cval = 0 with Evaluate = true (MSL Electrical.Analog.Examples.HeatingNPN_NORGate's CapVal), given
  // to a capacitor and a junction by final modifiers: their currents are 0 and v (no der(v) left, so n
  // is no state). u = sin(t) through R1 = 1 into n; c1 and j from n to ground, R2 = 1 from n to m, C2 = 1
  // from m to ground: n = (u + m)/3, der(m) = u/3 - 2m/3, m(0) = 0, so with a = 1/3, b = 2/3:
  // m = (a b sin t - a cos t + a exp(-b t))/(1 + b^2).
  model RC
    parameter Real Cval = 0 annotation(Evaluate = true);
    parameter Real R1 = 1;
    parameter Real R2 = 1;
    parameter Real C2 = 1;
    Cap c1(final C = Cval);
    Junction j(final tau = Cval, final Cj = Cval);
    parameter Real w(unit = "1/s") = 1;
    Real u = sin(w*time);
    Real n;
    Real m(start = 0, fixed = true);
  equation
    c1.v = n;
    j.v = n;
    (u - n)/R1 = c1.i + j.i + (n - m)/R2;
    C2*der(m) = (n - m)/R2;
    annotation(experiment(StopTime = 5, Interval = 0.01));
  end RC;
end Fold;
