/*
 * lib_ref_other.c - the hand-derived equations of the electrical and thermal examples of the bundled
 * library (models/Modelica/Electrical/Analog/Examples, models/Modelica/Thermal/HeatTransfer/Examples),
 * for lib_ref.c.
 *
 * Conventions of the components (MSL 4): a OnePort has v = p.v - n.v and the current i from p through
 * the component to n (p.i = i, n.i = -i), so a source delivering power has v i < 0; a pin set has equal
 * potentials and currents summing to zero; ground fixes 0. A heat port's Q_flow flows into the
 * component; two-port elements have dT = port_a.T - port_b.T and Q_flow from a to b.
 */
#include "lib_ref.h"

#include <math.h>
#include <stddef.h>

/* Electrical.Analog.Examples.RCCharging: V = 10, R = 100, C = 0.01 (time constant 1 s).
 *   loop source.p -> currentSensor -> resistor -> capacitor -> ground <- source.n:
 *   currentSensor: set {source.p, sensor.p}: source.i = -i; set {sensor.n, resistor.p}: sensor.i = i
 *   resistor: V - vC = R i; capacitor: i = C der(vC)
 *   der(vC) = (V - vC) / (R C), vC = V (1 - exp(-t / (R C)))
 * x = (vC, 1); vC(0) = 0. */
static const double rc_V = 10, rc_R = 100, rc_C = 0.01;
static const double rc_x0[] = {0, 1};
static void rc_exact(double t, double *x) { x[0] = rc_V * (1 - exp(-t / (rc_R * rc_C))); }
static void rc_jump(int k, double t, double *x) { (void)k; (void)t; x[1] = 1; }
static void rc_matrix(double *A)
{
    A[0] = -1 / (rc_R * rc_C);
    A[1] = rc_V / (rc_R * rc_C);
}
static void rc_rhs(int k, double t, const double *x, double *dx)
{
    (void)k; (void)t;
    dx[0] = (rc_V - x[0]) / (rc_R * rc_C);
}
static void rc_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)k; (void)t;
    double i = rc_C * dx[0];
    y[0] = x[0]; y[1] = i; y[2] = rc_V - x[0]; y[3] = (rc_V - x[0]) * i; y[4] = i; y[5] = x[0]; y[6] = -i;
}
static const lr_model rc_charging = {
    "Modelica.Electrical.Analog.Examples.RCCharging", 5, 2000, 1, 2, rc_x0, 1, {0}, rc_jump, rc_exact,
    rc_matrix, rc_rhs, 7,
    {"capacitor.v", "capacitor.i", "resistor.v", "resistor.LossPower", "currentSensor.i", "voltageSensor.v",
     "source.i"},
    rc_out};

/* Electrical.Analog.Examples.RLCSeries: vs = offset + V sin(2 pi f t + phase) with V = 5, f = 2,
 * phase = 0.3, offset = 1; R = 2, L = 0.1, C = 0.01, one loop current i:
 *   L der(i) = vs - R i - vC,  C der(vC) = i
 * Augmented: x = (i, vC, 1, s, c) with s = sin(w t + phase), c = cos(w t + phase), der(s) = w c,
 * der(c) = -w s, w = 2 pi f; i(0) = 0, vC(0) = 0. */
static const double rlc_V = 5, rlc_f = 2, rlc_ph = 0.3, rlc_off = 1, rlc_R = 2, rlc_L = 0.1, rlc_C = 0.01;
static const double rlc_x0[] = {0, 0, 1, 0, 0};
static double rlc_vs(double t) { return rlc_off + rlc_V * sin(2 * M_PI * rlc_f * t + rlc_ph); }
static void rlc_jump(int k, double t, double *x)
{
    (void)k;
    x[2] = 1;
    x[3] = sin(2 * M_PI * rlc_f * t + rlc_ph);
    x[4] = cos(2 * M_PI * rlc_f * t + rlc_ph);
}
static void rlc_matrix(double *A)
{
    double w = 2 * M_PI * rlc_f;
    A[0 * 5 + 0] = -rlc_R / rlc_L;
    A[0 * 5 + 1] = -1 / rlc_L;
    A[0 * 5 + 2] = rlc_off / rlc_L;
    A[0 * 5 + 3] = rlc_V / rlc_L;
    A[1 * 5 + 0] = 1 / rlc_C;
    A[3 * 5 + 4] = w;
    A[4 * 5 + 3] = -w;
}
static void rlc_rhs(int k, double t, const double *x, double *dx)
{
    (void)k;
    dx[0] = (rlc_vs(t) - rlc_R * x[0] - x[1]) / rlc_L;
    dx[1] = x[0] / rlc_C;
}
static void rlc_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)k;
    y[0] = x[0]; y[1] = x[1]; y[2] = rlc_R * x[0]; y[3] = rlc_L * dx[0]; y[4] = rlc_vs(t); y[5] = -x[0];
    y[6] = rlc_R * x[0] * x[0]; y[7] = x[0];
}
static const lr_model rlc_series = {
    "Modelica.Electrical.Analog.Examples.RLCSeries", 2, 2000, 2, 5, rlc_x0, 1, {0}, rlc_jump, NULL,
    rlc_matrix, rlc_rhs, 8,
    {"inductor.i", "capacitor.v", "resistor.v", "inductor.v", "source.v", "source.i", "resistor.LossPower",
     "capacitor.i"},
    rlc_out};

/* Electrical.Analog.Examples.SignalRC: u = ramp (offset 1, height 5 over [0.5, 1.5]) drives the signal
 * voltage; R = 10, C = 0.02:  R C der(vC) = u - vC, i = (u - vC) / R, source.i = -i.
 * Augmented: x = (vC, u, slope); vC(0) = 2. Phases [0, 0.5), [0.5, 1.5), [1.5, 3]. */
static const double src_R = 10, src_C = 0.02;
static const double src_x0[] = {2, 1, 0};
static double src_u(int k, double t) { return k == 0 ? 1 : k == 1 ? 1 + 5 * (t - 0.5) : 6; }
static void src_jump(int k, double t, double *x)
{
    x[1] = src_u(k, t);
    x[2] = k == 1 ? 5 : 0;
}
static void src_matrix(double *A)
{
    A[0 * 3 + 0] = -1 / (src_R * src_C);
    A[0 * 3 + 1] = 1 / (src_R * src_C);
    A[1 * 3 + 2] = 1;
}
static void src_rhs(int k, double t, const double *x, double *dx)
{
    dx[0] = (src_u(k, t) - x[0]) / (src_R * src_C);
}
static void src_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)dx;
    double u = src_u(k, t), i = (u - x[0]) / src_R;
    y[0] = x[0]; y[1] = i; y[2] = u; y[3] = -i; y[4] = u; y[5] = i;
}
static const lr_model signal_rc = {
    "Modelica.Electrical.Analog.Examples.SignalRC", 3, 1500, 1, 3, src_x0, 3, {0, 0.5, 1.5}, src_jump, NULL,
    src_matrix, src_rhs, 6, {"capacitor.v", "resistor.i", "source.v", "source.i", "ramp.y", "capacitor.i"},
    src_out};

/* Electrical.Analog.Examples.StepRL: u = 0.5 V, 2.5 V from 0.2 s; R = 1, L = 0.5; the current source
 * (p at ground, n at the node between resistor and inductor) drives I = 0.3 A into the node.
 *   node: -iR + iL - I = 0 (injection.n.i = -I), so iR = iL - I; vnode = u - R iR
 *   L der(iL) = vnode = u - R (iL - I);  injection.v = 0 - vnode;  source.i = -iR
 * x = (iL, u, 1); iL(0) = 0. */
static const double srl_R = 1, srl_L = 0.5, srl_I = 0.3;
static const double srl_x0[] = {0, 0.5, 1};
static double srl_u(int k) { return k == 0 ? 0.5 : 2.5; }
static void srl_jump(int k, double t, double *x) { (void)t; x[1] = srl_u(k); x[2] = 1; }
static void srl_matrix(double *A)
{
    A[0] = -srl_R / srl_L;
    A[1] = 1 / srl_L;
    A[2] = srl_R * srl_I / srl_L;
}
static void srl_rhs(int k, double t, const double *x, double *dx)
{
    (void)t;
    dx[0] = (srl_u(k) - srl_R * (x[0] - srl_I)) / srl_L;
}
static void srl_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)t;
    double iR = x[0] - srl_I;
    y[0] = x[0]; y[1] = srl_L * dx[0]; y[2] = iR; y[3] = srl_R * iR; y[4] = srl_u(k); y[5] = -iR;
    y[6] = -srl_L * dx[0];
}
static const lr_model step_rl = {
    "Modelica.Electrical.Analog.Examples.StepRL", 3, 1500, 1, 3, srl_x0, 2, {0, 0.2}, srl_jump, NULL,
    srl_matrix, srl_rhs, 7,
    {"inductor.i", "inductor.v", "resistor.i", "resistor.v", "source.v", "source.i", "injection.v"}, srl_out};

/* Thermal.HeatTransfer.Examples.Cooling: C = 500, G = 5, T0 = 373.15, T_amb = 293.15.
 *   Q = G (T - T_amb) from the body (port_a) to the ambient (port_b); body.port.Q_flow = -Q;
 *   ambient.port.Q_flow = Q;  C der(T) = -G (T - T_amb),  T = T_amb + (T0 - T_amb) exp(-G t / C)
 * x = (T, 1). */
static const double co_C = 500, co_G = 5, co_T0 = 373.15, co_Ta = 293.15;
static const double co_x0[] = {373.15, 1};
static void co_exact(double t, double *x) { x[0] = co_Ta + (co_T0 - co_Ta) * exp(-co_G * t / co_C); }
static void co_matrix(double *A)
{
    A[0] = -co_G / co_C;
    A[1] = co_G * co_Ta / co_C;
}
static void co_rhs(int k, double t, const double *x, double *dx)
{
    (void)k; (void)t;
    dx[0] = -co_G * (x[0] - co_Ta) / co_C;
}
static void co_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)k; (void)t;
    double Q = co_G * (x[0] - co_Ta);
    y[0] = x[0]; y[1] = dx[0]; y[2] = Q; y[3] = x[0] - co_Ta; y[4] = Q;
}
static const lr_model cooling = {
    "Modelica.Thermal.HeatTransfer.Examples.Cooling", 500, 2000, 1, 2, co_x0, 1, {0}, rc_jump, co_exact,
    co_matrix, co_rhs, 5, {"body.T", "body.der_T", "conductor.Q_flow", "conductor.dT", "ambient.port.Q_flow"},
    co_out};

/* Thermal.HeatTransfer.Examples.TwoMasses: C1 = 15, T1(0) = 373.15, C2 = 10, T2(0) = 273.15, G = 10.
 *   Q = G (T1 - T2);  C1 der(T1) = -Q,  C2 der(T2) = Q
 *   closed form: Tm = (C1 T1(0) + C2 T2(0)) / (C1 + C2), dT = dT(0) exp(-G (1/C1 + 1/C2) t),
 *   T1 = Tm + C2 / (C1 + C2) dT,  T2 = Tm - C1 / (C1 + C2) dT
 * x = (T1, T2). */
static const double tm_C1 = 15, tm_C2 = 10, tm_G = 10;
static const double tm_x0[] = {373.15, 273.15};
static void tm_exact(double t, double *x)
{
    double Tm = (tm_C1 * tm_x0[0] + tm_C2 * tm_x0[1]) / (tm_C1 + tm_C2);
    double dT = (tm_x0[0] - tm_x0[1]) * exp(-tm_G * (1 / tm_C1 + 1 / tm_C2) * t);
    x[0] = Tm + tm_C2 / (tm_C1 + tm_C2) * dT;
    x[1] = Tm - tm_C1 / (tm_C1 + tm_C2) * dT;
}
static void tm_matrix(double *A)
{
    A[0] = -tm_G / tm_C1;
    A[1] = tm_G / tm_C1;
    A[2] = tm_G / tm_C2;
    A[3] = -tm_G / tm_C2;
}
static void tm_rhs(int k, double t, const double *x, double *dx)
{
    (void)k; (void)t;
    double Q = tm_G * (x[0] - x[1]);
    dx[0] = -Q / tm_C1;
    dx[1] = Q / tm_C2;
}
static void tm_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)k; (void)t;
    y[0] = x[0]; y[1] = x[1]; y[2] = dx[0]; y[3] = dx[1]; y[4] = tm_G * (x[0] - x[1]); y[5] = x[0] - x[1];
}
static const lr_model two_masses = {
    "Modelica.Thermal.HeatTransfer.Examples.TwoMasses", 3, 1500, 2, 2, tm_x0, 1, {0}, NULL, tm_exact,
    tm_matrix, tm_rhs, 6,
    {"mass1.T", "mass2.T", "mass1.der_T", "mass2.der_T", "conduction.Q_flow", "conduction.dT"}, tm_out};

/* Thermal.HeatTransfer.Examples.RadiationConvection (nonlinear: rk8pd only): C = 2000, T(0) = 600,
 * heater Q = 500 (alpha = 0), radiation Gr = 0.8 to walls at 300, convection Gc = 3 to the fluid at
 * Tf = 320 + 20 sin(2 pi 0.01 t); sigma = 5.670374419e-8 (Modelica.Constants.sigma).
 *   set {heater.port, body.port, radiation.a, convection.solid}: -Q + body.port.Q_flow + Qr + Qc = 0
 *   C der(T) = Q - Gr sigma (T^4 - Tw^4) - Gc (T - Tf(t));  walls.port.Q_flow = Qr */
static const double rcv_C = 2000, rcv_Q = 500, rcv_Gr = 0.8, rcv_Tw = 300, rcv_Gc = 3, rcv_sigma = 5.670374419e-8;
static const double rcv_x0[] = {600};
static double rcv_Tf(double t) { return 320 + 20 * sin(2 * M_PI * 0.01 * t); }
static void rcv_rhs(int k, double t, const double *x, double *dx)
{
    (void)k;
    double T = x[0];
    dx[0] = (rcv_Q - rcv_Gr * rcv_sigma * (pow(T, 4) - pow(rcv_Tw, 4)) - rcv_Gc * (T - rcv_Tf(t))) / rcv_C;
}
static void rcv_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)k;
    double T = x[0], Qr = rcv_Gr * rcv_sigma * (pow(T, 4) - pow(rcv_Tw, 4));
    y[0] = T; y[1] = dx[0]; y[2] = Qr; y[3] = rcv_Gc * (T - rcv_Tf(t)); y[4] = T - rcv_Tf(t); y[5] = rcv_Tf(t);
    y[6] = Qr;
}
static const lr_model rad_conv = {
    "Modelica.Thermal.HeatTransfer.Examples.RadiationConvection", 300, 2000, 1, 1, rcv_x0, 1, {0}, NULL, NULL,
    NULL, rcv_rhs, 7,
    {"body.T", "body.der_T", "radiation.Q_flow", "convection.Q_flow", "convection.dT", "fluid.T",
     "walls.port.Q_flow"},
    rcv_out};

const lr_model *const lr_other_models[] = {&rc_charging, &rlc_series, &signal_rc, &step_rl, &cooling,
                                           &two_masses, &rad_conv, NULL};
