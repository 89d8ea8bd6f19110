// Parameters that are 0 where mo2c would divide by them (compiler/analysis/solve.c); closed forms in
// tests/sim/zero_coefficient.sh.
package ZeroParams
  // As the MSL's Translational.Examples.Vehicle: a torque tau = 10 drives a mass m = 100 (damping
  // d = 20) through an inertia with J = 0 and an ideal rolling wheel of radius R = 0.25. The loop of
  // the accelerations must not solve J*der(w) = tau + tau_b for der(w). With J = 0: m der(v) = tau/R - d v,
  // so v = 2 (1 - exp(-t/5)), s = 2 t - 10 (1 - exp(-t/5)), w = v/R. With J = 2.5 (an -override):
  // (m + J/R^2) der(v) = tau/R - d v, v = 2 (1 - exp(-t/7)).
  model MasslessInertia
    parameter Real J = 0;
    parameter Real R = 0.25;
    parameter Real m = 100;
    parameter Real d = 20;
    parameter Real tau = 10;
    Real phi(start = 0);
    Real w;
    Real tau_b;
    Real tauR;
    Real fT;
    Real fa;
    Real s(start = 0, fixed = true);
    Real v(start = 0, fixed = true);
  equation
    w = der(phi);
    J*der(w) = tau + tau_b;
    phi*R = s;
    0 = R*fT + tauR;
    tau_b + tauR = 0;
    v = der(s);
    m*der(v) = fa - d*v;
    fa + fT = 0;
    annotation(experiment(StopTime = 10, Interval = 0.02));
  end MasslessInertia;

  // As the MSL's FluxTubes leakage elements: R_m = 1/G_m solved for G_m, whose start value 0 is no place
  // to start Newton (it divided by zero at t = 0). With R_m = 2 + t: G_m = 1/(2 + t), and
  // der(Phi) = G_m from Phi(0) = 0: Phi = log(2 + t) - log(2).
  model Reciprocal
    Real R_m;
    Real G_m;
    Real Phi(start = 0, fixed = true);
  equation
    R_m = 2 + time;
    R_m = 1/G_m;
    der(Phi) = G_m;
  end Reciprocal;
end ZeroParams;
