/*
 * lib_ref_mech.c - the hand-derived equations of the mechanical examples of the bundled library
 * (models/Modelica/Mechanics/{Rotational,Translational}/Examples), for lib_ref.c.
 *
 * Conventions of the components (MSL 4): a flange's tau (f) is the cut torque (force) INTO the
 * component; compliant elements have phi_rel = flange_b.phi - flange_a.phi and put tau on flange_b,
 * -tau on flange_a; an inertia has J a = flange_a.tau + flange_b.tau; a connection set has equal
 * angles and flows summing to zero; an unconnected flange has zero flow; sensors take no flow; a torque
 * source has flange.tau = -tau. Every model's derivation is written above its functions.
 */
#include "lib_ref.h"

#include <math.h>
#include <stddef.h>

/* Rotational.Examples.FreeRotor: one inertia, no torque (both flanges carry only sensors, zero flow),
 * J a = 0. Exudyn's mini example: reference angle 1 + initial coordinate 0.5, velocity 0.5, so
 * phi = 1.5 + 0.5 t and phi(1) = 2. x = (phi, w). */
static const double fr_x0[] = {1.5, 0.5};
static void fr_exact(double t, double *x) { x[0] = 1.5 + 0.5 * t; x[1] = 0.5; }
static void fr_matrix(double *A) { A[0 * 2 + 1] = 1; }
static void fr_rhs(int k, double t, const double *x, double *dx) { (void)k; (void)t; dx[0] = x[1]; dx[1] = 0; }
static void fr_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)k; (void)t;
    y[0] = x[0]; y[1] = x[1]; y[2] = dx[1]; y[3] = x[0]; y[4] = x[1];
}
static const lr_model free_rotor = {
    "Modelica.Mechanics.Rotational.Examples.FreeRotor", 1, 1000, 2, 2, fr_x0, 1, {0}, NULL, fr_exact,
    fr_matrix, fr_rhs, 5, {"rotor.phi", "rotor.w", "rotor.a", "angleSensor.phi", "speedSensor.w"}, fr_out};

/* Rotational.Examples.SMD: x = (phi1, w1, phi2, w2), J1 = 0.4, c1 = 11, d1 = 0.2, J2 = 1, c2 = 5, d2 = 1.
 *   spring1/damper1 (a: inertia1, b: inertia2): phi_rel = phi2 - phi1, tau1 = c1 (phi2 - phi1) + d1 (w2 - w1)
 *   set {inertia1.b, spring1.a, damper1.a}: inertia1.flange_b.tau = -(-tau1) = tau1; inertia1.flange_a free
 *   set {spring1.b, damper1.b, inertia2.a}: inertia2.flange_a.tau = -tau1
 *   spring2/damper2 (a: inertia2, b: fixed at 0): phi_rel = -phi2, tau2 = -c2 phi2 - d2 w2,
 *   set {inertia2.b, spring2.a, damper2.a}: inertia2.flange_b.tau = tau2
 *   J1 der(w1) = tau1,  J2 der(w2) = -tau1 + tau2        (the seed SMD's equations)
 * Start: phi1 = 0, w1 = 0, phi2 = 1, w2 = 0. */
enum { SMD_J1, SMD_C1, SMD_D1, SMD_J2, SMD_C2, SMD_D2 };
static const double smd_p[] = {0.4, 11, 0.2, 1, 5, 1};
static const double smd_x0[] = {0, 0, 1, 0};
static void smd_matrix(double *A)
{
    const double J1 = smd_p[SMD_J1], c1 = smd_p[SMD_C1], d1 = smd_p[SMD_D1], J2 = smd_p[SMD_J2],
                 c2 = smd_p[SMD_C2], d2 = smd_p[SMD_D2];
    const double a[16] = {0, 1, 0, 0,
                          -c1 / J1, -d1 / J1, c1 / J1, d1 / J1,
                          0, 0, 0, 1,
                          c1 / J2, d1 / J2, -(c1 + c2) / J2, -(d1 + d2) / J2};
    for (int i = 0; i < 16; i++)
        A[i] = a[i];
}
static void smd_rhs(int k, double t, const double *x, double *dx)
{
    (void)k; (void)t;
    double tau1 = smd_p[SMD_C1] * (x[2] - x[0]) + smd_p[SMD_D1] * (x[3] - x[1]);
    double tau2 = -smd_p[SMD_C2] * x[2] - smd_p[SMD_D2] * x[3];
    dx[0] = x[1];
    dx[1] = tau1 / smd_p[SMD_J1];
    dx[2] = x[3];
    dx[3] = (-tau1 + tau2) / smd_p[SMD_J2];
}
static void smd_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)k; (void)t;
    double w_rel1 = x[3] - x[1], tau_d1 = smd_p[SMD_D1] * w_rel1;
    y[0] = x[0]; y[1] = x[1]; y[2] = dx[1];
    y[3] = x[2]; y[4] = x[3]; y[5] = dx[3];
    y[6] = x[2] - x[0];                                   /* spring1.phi_rel */
    y[7] = smd_p[SMD_C1] * (x[2] - x[0]);                 /* spring1.tau */
    y[8] = w_rel1;                                        /* damper1.w_rel */
    y[9] = tau_d1;                                        /* damper1.tau */
    y[10] = tau_d1 * w_rel1;                              /* damper1.lossPower */
    y[11] = -smd_p[SMD_C2] * x[2];                        /* spring2.tau */
    y[12] = smd_p[SMD_D2] * x[3] * x[3];                  /* damper2.lossPower = d2 (-w2)^2 */
}
static const lr_model smd = {
    "Modelica.Mechanics.Rotational.Examples.SMD", 5, 2000, 4, 4, smd_x0, 1, {0}, NULL, NULL, smd_matrix,
    smd_rhs, 13,
    {"inertia1.phi", "inertia1.w", "inertia1.a", "inertia2.phi", "inertia2.w", "inertia2.a", "spring1.phi_rel",
     "spring1.tau", "damper1.w_rel", "damper1.tau", "damper1.lossPower", "spring2.tau", "damper2.lossPower"},
    smd_out};

/* Rotational.Examples.SpringDamper: x = (phi, w, 1); J = 1, c = 10, d = 0.5, phi_rel0 = 0.2, phi0 = 0.1.
 *   springDamper (a: torqueSensor.b, b: fixed at phi0): phi_rel = phi0 - phi, w_rel = -w, a_rel = -a,
 *     tau_c = c (phi_rel - phi_rel0), tau_d = d w_rel, tau = tau_c + tau_d, lossPower = tau_d w_rel
 *   torqueSensor (rigid cut, T = torqueSensor.tau = flange_a.tau, flange_b.tau = -T):
 *     set {torqueSensor.b, springDamper.a}: -T + (-tau) = 0, so T = -tau
 *     set {inertia.b, torqueSensor.a}: inertia.flange_b.tau = -T = tau; inertia.flange_a is free
 *   J der(w) = c (phi0 - phi - phi_rel0) - d w          (equilibrium phi = phi0 - phi_rel0 = -0.1)
 * Start: phi = 1, w = 0. */
static const double sd_J = 1, sd_c = 10, sd_d = 0.5, sd_rel0 = 0.2, sd_phi0 = 0.1;
static const double sd_x0[] = {1, 0, 1};
static void sd_matrix(double *A)
{
    A[0 * 3 + 1] = 1;
    A[1 * 3 + 0] = -sd_c / sd_J;
    A[1 * 3 + 1] = -sd_d / sd_J;
    A[1 * 3 + 2] = sd_c * (sd_phi0 - sd_rel0) / sd_J;
}
static void sd_rhs(int k, double t, const double *x, double *dx)
{
    (void)k; (void)t;
    double phi_rel = sd_phi0 - x[0], w_rel = -x[1];
    double tau = sd_c * (phi_rel - sd_rel0) + sd_d * w_rel;
    dx[0] = x[1];
    dx[1] = tau / sd_J;
}
static void sd_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)k; (void)t;
    double phi_rel = sd_phi0 - x[0], w_rel = -x[1], a_rel = -dx[1];
    double tau_c = sd_c * (phi_rel - sd_rel0), tau_d = sd_d * w_rel;
    y[0] = x[0]; y[1] = x[1]; y[2] = dx[1];
    y[3] = -(tau_c + tau_d);                              /* torqueSensor.tau */
    y[4] = phi_rel; y[5] = w_rel; y[6] = a_rel;
    y[7] = tau_c; y[8] = tau_d; y[9] = tau_c + tau_d; y[10] = tau_d * w_rel;
}
static void one_jump(int k, double t, double *x) { (void)k; (void)t; x[2] = 1; }
static const lr_model spring_damper = {
    "Modelica.Mechanics.Rotational.Examples.SpringDamper", 4, 2000, 2, 3, sd_x0, 1, {0}, one_jump, NULL,
    sd_matrix, sd_rhs, 11,
    {"inertia.phi", "inertia.w", "inertia.a", "torqueSensor.tau", "springDamper.phi_rel", "springDamper.w_rel",
     "springDamper.a_rel", "springDamper.tau_c", "springDamper.tau_d", "springDamper.tau",
     "springDamper.lossPower"},
    sd_out};

/* Rotational.Examples.TwoInertiasWithGear: J1 = 0.1, ratio r = 3, J2 = 2, c = 50, d = 2; the torque u
 * is a step of 10 at t = 0.5 (phases [0, 0.5): u = 0, [0.5, 2]: u = 10).
 *   torque.flange.tau = -u, set {torque.flange, inertia1.a}: inertia1.flange_a.tau = u
 *   set {inertia1.b, idealGear.a}: inertia1.flange_b.tau = -g, g = idealGear.flange_a.tau
 *   gear: phi1 = r phi2, 0 = r g + idealGear.flange_b.tau, set {idealGear.b, inertia2.a}:
 *     inertia2.flange_a.tau = r g
 *   springDamper (a: inertia2.b, b: fixed at 0): tau_sd = c (-phi2) + d (-w2), inertia2.flange_b.tau = tau_sd
 *   J1 r a2 = u - g,  J2 a2 = r g + tau_sd  =>  (J2 + r^2 J1) a2 = r u - c phi2 - d w2
 * x = (phi2, w2, u); start phi2 = 0, w2 = 0 (inertia1 follows through the gear). */
static const double g_J1 = 0.1, g_r = 3, g_J2 = 2, g_c = 50, g_d = 2, g_step = 10;
static const double g_x0[] = {0, 0, 0};
static double g_u(int k) { return k == 0 ? 0 : g_step; }
static void g_jump(int k, double t, double *x) { (void)t; x[2] = g_u(k); }
static void g_matrix(double *A)
{
    double Je = g_J2 + g_r * g_r * g_J1;
    A[0 * 3 + 1] = 1;
    A[1 * 3 + 0] = -g_c / Je;
    A[1 * 3 + 1] = -g_d / Je;
    A[1 * 3 + 2] = g_r / Je;
}
static void g_rhs(int k, double t, const double *x, double *dx)
{
    (void)t;
    dx[0] = x[1];
    dx[1] = (g_r * g_u(k) - g_c * x[0] - g_d * x[1]) / (g_J2 + g_r * g_r * g_J1);
}
static void g_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)t;
    double u = g_u(k), a2 = dx[1], g = u - g_J1 * g_r * a2;
    y[0] = g_r * x[0]; y[1] = g_r * x[1]; y[2] = g_r * a2;
    y[3] = x[0]; y[4] = x[1]; y[5] = a2;
    y[6] = -g_r * g;                                      /* idealGear.flange_b.tau */
    y[7] = -g_c * x[0] - g_d * x[1];                      /* springDamper.tau */
    y[8] = u;                                             /* torque.tau */
}
static const lr_model two_inertias = {
    "Modelica.Mechanics.Rotational.Examples.TwoInertiasWithGear", 2, 1000, 2, 3, g_x0, 2, {0, 0.5}, g_jump,
    NULL, g_matrix, g_rhs, 9,
    {"inertia1.phi", "inertia1.w", "inertia1.a", "inertia2.phi", "inertia2.w", "inertia2.a",
     "idealGear.flange_b.tau", "springDamper.tau", "torque.tau"},
    g_out};

/* Rotational.Examples.SpeedDrive: the speed source's angle phis follows w_ref, a ramp from 0 to 10 rad/s
 * between 0.5 s and 1.5 s; damper d = 2 (a: source, b: inertia), inertia J = 0.5, load tau_constant = -4.
 *   damper: phi_rel = phi - phis, w_rel = w - w_ref, tau = d w_rel; inertia.flange_a.tau = -tau
 *   set {inertia.b, load.flange, speedSensor.flange}: inertia.flange_b.tau = -load.flange.tau = tau_constant
 *   der(phis) = w_ref,  der(phi) = w,  J der(w) = -d (w - w_ref) + tau_constant
 * x = (phis, phi, w, w_ref, slope, 1); start 0. */
static const double sp_d = 2, sp_J = 0.5, sp_tl = -4, sp_h = 10, sp_t0 = 0.5, sp_dur = 1;
static const double sp_x0[] = {0, 0, 0, 0, 0, 1};
static double sp_wref(int k, double t)
{
    return k == 0 ? 0 : k == 1 ? sp_h * (t - sp_t0) / sp_dur : sp_h;
}
static void sp_jump(int k, double t, double *x)
{
    x[3] = sp_wref(k, t);
    x[4] = k == 1 ? sp_h / sp_dur : 0;
    x[5] = 1;
}
static void sp_matrix(double *A)
{
    A[0 * 6 + 3] = 1;                                     /* der(phis) = w_ref */
    A[1 * 6 + 2] = 1;                                     /* der(phi) = w */
    A[2 * 6 + 2] = -sp_d / sp_J;
    A[2 * 6 + 3] = sp_d / sp_J;
    A[2 * 6 + 5] = sp_tl / sp_J;                          /* the load, through the constant state */
    A[3 * 6 + 4] = 1;                                     /* der(w_ref) = slope */
}
static void sp_rhs(int k, double t, const double *x, double *dx)
{
    double wr = sp_wref(k, t);
    dx[0] = wr;
    dx[1] = x[2];
    dx[2] = (-sp_d * (x[2] - wr) + sp_tl) / sp_J;
}
static void sp_out(int k, double t, const double *x, const double *dx, double *y)
{
    double wr = sp_wref(k, t), w_rel = x[2] - wr, tau = sp_d * w_rel;
    y[0] = x[0]; y[1] = wr; y[2] = x[1]; y[3] = x[2]; y[4] = dx[2];
    y[5] = x[1] - x[0]; y[6] = w_rel; y[7] = tau; y[8] = tau * w_rel; y[9] = x[2];
}
static const lr_model speed_drive = {
    "Modelica.Mechanics.Rotational.Examples.SpeedDrive", 4, 2000, 3, 6, sp_x0, 3, {0, 0.5, 1.5}, sp_jump,
    NULL, sp_matrix, sp_rhs, 10,
    {"speed.phi", "speed.w", "inertia.phi", "inertia.w", "inertia.a", "damper.phi_rel", "damper.w_rel",
     "damper.tau", "damper.lossPower", "speedSensor.w"},
    sp_out};

/* Translational.Examples.SpringMassDamperStep: m = 2, L = 0.2, c = 40, s_rel0 = 0.5, d = 3; the force
 * signal u is -1 N before t = 1 and 4 N from then on (Step offset -1, height 5).
 *   spring/damper (a: fixed at 0, b: mass.flange_a at s - L/2): s_rel = s - L/2, f_s = c (s_rel - s_rel0),
 *     f_d = d v; set {spring.b, damper.b, mass.a}: mass.flange_a.f = -(f_s + f_d)
 *   force.flange.f = -u; forceSensor (F = flange_a.f, flange_b.f = -F), set {forceSensor.b, force.flange}:
 *     -F - u = 0, F = -u; set {mass.b, forceSensor.a, positionSensor, speedSensor}: mass.flange_b.f = -F = u
 *   m der(v) = -c (s - L/2 - s_rel0) - d v + u
 * x = (s, v, u, 1); start s = 0.7, v = 0. */
static const double t_m = 2, t_L = 0.2, t_c = 40, t_rel0 = 0.5, t_d = 3;
static double t_u(int k) { return k == 0 ? -1 : 4; }
static void t_jump(int k, double t, double *x) { (void)t; x[2] = t_u(k); }
static void t_matrix(double *A)
{
    /* x = (s, v, u, 1): the spring's offset c (L/2 + s_rel0) enters through the constant state */
    A[0 * 4 + 1] = 1;
    A[1 * 4 + 0] = -t_c / t_m;
    A[1 * 4 + 1] = -t_d / t_m;
    A[1 * 4 + 2] = 1 / t_m;
    A[1 * 4 + 3] = t_c * (t_L / 2 + t_rel0) / t_m;
}
static void t_jump1(int k, double t, double *x) { t_jump(k, t, x); x[3] = 1; }
static void t_rhs(int k, double t, const double *x, double *dx)
{
    (void)t;
    dx[0] = x[1];
    dx[1] = (-t_c * (x[0] - t_L / 2 - t_rel0) - t_d * x[1] + t_u(k)) / t_m;
}
static void t_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)t;
    double s_rel = x[0] - t_L / 2, fd = t_d * x[1];
    y[0] = x[0]; y[1] = x[1]; y[2] = dx[1];
    y[3] = s_rel; y[4] = t_c * (s_rel - t_rel0);          /* spring.s_rel, spring.f */
    y[5] = fd; y[6] = fd * x[1];                          /* damper.f, damper.lossPower */
    y[7] = -t_u(k);                                       /* forceSensor.f */
    y[8] = x[0] + t_L / 2;                                /* positionSensor.s */
    y[9] = x[1];                                          /* speedSensor.v */
    y[10] = t_u(k);                                       /* force.f */
}
static const double t_x0b[] = {0.7, 0, -1, 1};
static const lr_model smd_step = {
    "Modelica.Mechanics.Translational.Examples.SpringMassDamperStep", 3, 1500, 2, 4, t_x0b, 2, {0, 1},
    t_jump1, NULL, t_matrix, t_rhs, 11,
    {"mass.s", "mass.v", "mass.a", "spring.s_rel", "spring.f", "damper.f", "damper.lossPower", "forceSensor.f",
     "positionSensor.s", "speedSensor.v", "force.f"},
    t_out};

/* Translational.Examples.HangingMass (axis up): ceiling s0 = 1; springDamper c = 100, d = 4,
 * s_rel0 = -0.3 (a: ceiling, b: mass.flange_b at s, L = 0); mass m = 1.5; weight f_constant = -m g.
 *   s_rel = s - 1, v_rel = v, f = c (s_rel - s_rel0) + d v_rel; mass.flange_b.f = -f
 *   weight.flange.f = -f_constant, set {mass.a, weight.flange}: mass.flange_a.f = f_constant
 *   m der(v) = -c (s - 1 - s_rel0) - d v + f_constant
 * x = (s, v, 1); start s = 0.7, v = 0.5. */
static const double h_m = 1.5, h_c = 100, h_d = 4, h_rel0 = -0.3, h_s0 = 1, h_fc = -1.5 * 9.81;
static const double h_x0[] = {0.7, 0.5, 1};
static void h_matrix(double *A)
{
    A[0 * 3 + 1] = 1;
    A[1 * 3 + 0] = -h_c / h_m;
    A[1 * 3 + 1] = -h_d / h_m;
    A[1 * 3 + 2] = (h_c * (h_s0 + h_rel0) + h_fc) / h_m;
}
static void h_rhs(int k, double t, const double *x, double *dx)
{
    (void)k; (void)t;
    dx[0] = x[1];
    dx[1] = (-h_c * (x[0] - h_s0 - h_rel0) - h_d * x[1] + h_fc) / h_m;
}
static void h_out(int k, double t, const double *x, const double *dx, double *y)
{
    (void)k; (void)t;
    double s_rel = x[0] - h_s0;
    y[0] = x[0]; y[1] = x[1]; y[2] = dx[1];
    y[3] = s_rel; y[4] = x[1];
    y[5] = h_c * (s_rel - h_rel0) + h_d * x[1];
    y[6] = h_d * x[1] * x[1];
    y[7] = h_fc;
}
static const lr_model hanging = {
    "Modelica.Mechanics.Translational.Examples.HangingMass", 2, 1000, 2, 3, h_x0, 1, {0}, one_jump, NULL,
    h_matrix, h_rhs, 8,
    {"mass.s", "mass.v", "mass.a", "springDamper.s_rel", "springDamper.v_rel", "springDamper.f",
     "springDamper.lossPower", "weight.f"},
    h_out};

const lr_model *const lr_mech_models[] = {&free_rotor, &smd, &spring_damper, &two_inertias, &speed_drive,
                                          &smd_step, &hanging, NULL};
