/*
 * double_pendulum_ref.c - the reference trajectory of the MSL's Modelica.Mechanics.MultiBody.Examples.
 * Elementary.DoublePendulumInitTip, computed outside mo2c from the planar double pendulum's equations of
 * motion, derived by hand from the example (Lagrange's equations in the absolute link angles
 * a1 = phi1, a2 = phi1 + phi2, with phi1 = revolute1.phi and phi2 = revolute2.phi):
 *     M11 a1'' + h cos(a1 - a2) a2'' + h sin(a1 - a2) a2'^2 = -(3/2) m g L cos(a1) - d phi1'
 *     h cos(a1 - a2) a1'' + M22 a2'' - h sin(a1 - a2) a1'^2 = -(1/2) m g L cos(a2)
 *     M11 = m L^2 / 4 + Ic + m L^2,  M22 = m L^2 / 4 + Ic,  h = m L^2 / 2
 * Two BodyBox links r = {0.5, 0, 0} (L = 0.5), width = height = 0.06, density 7700: m = 7700 L w^2,
 * centre of mass at L/2, Ic = m (L^2 + w^2) / 12 about z (BodyBox's I); both revolute joints about z
 * (n = {0, 0, 1}); gravity g = 9.80665 along -y (World's defaults); a damper d = 0.1 on joint 1.
 * The start: the tip (boxBody2.frame_b) at (0.7, 0.3) at rest (FreeMotionScalarInit's r_rel_a_1,
 * r_rel_a_2, v_rel_a_1, v_rel_a_2 fixed), the elbow on the side of revolute2.phi's start pi/2:
 * cos(phi2) = (x^2 + y^2 - 2 L^2) / (2 L^2) with phi2 > 0, phi1 = atan2(y, x) - atan2(L sin(phi2),
 * L + L cos(phi2)). Integrated with GSL's rk8pd at absolute and relative tolerance 1e-12.
 *
 *   double_pendulum_ref OUT.csv STOP N   write "time","revolute1.phi","revolute2.phi" at t = STOP * i / N
 *
 * Self-test: the energy balance (kinetic + potential + what the damper dissipated, integrated along as a
 * fifth state) stays within 1e-8 of its start; exit status 1 otherwise.
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const double L = 0.5, w = 0.06, rho = 7700, g = 9.80665, d = 0.1;
static double m, Ic, M11, M22, h;

/* s = {a1, a2, a1', a2', dissipated} */
static int rhs(double t, const double s[], double ds[], void *params)
{
    (void)t;
    (void)params;
    double c = cos(s[0] - s[1]), sn = sin(s[0] - s[1]);
    double b1 = -h * sn * s[3] * s[3] - 1.5 * m * g * L * cos(s[0]) - d * s[2];
    double b2 = h * sn * s[2] * s[2] - 0.5 * m * g * L * cos(s[1]);
    double det = M11 * M22 - h * c * h * c;
    ds[0] = s[2];
    ds[1] = s[3];
    ds[2] = (M22 * b1 - h * c * b2) / det;
    ds[3] = (M11 * b2 - h * c * b1) / det;
    ds[4] = d * s[2] * s[2];
    return GSL_SUCCESS;
}

static double energy(const double *s)
{
    double kin = 0.5 * M11 * s[2] * s[2] + h * cos(s[0] - s[1]) * s[2] * s[3] + 0.5 * M22 * s[3] * s[3];
    double pot = m * g * (1.5 * L * sin(s[0]) + 0.5 * L * sin(s[1]));
    return kin + pot + s[4];
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: double_pendulum_ref OUT.csv STOP N\n");
        return 2;
    }
    double stop = atof(argv[2]);
    int n = atoi(argv[3]);
    if (n < 1 || !(stop > 0)) {
        fprintf(stderr, "double_pendulum_ref: bad STOP or N\n");
        return 2;
    }
    m = rho * L * w * w;
    Ic = m * (L * L + w * w) / 12;
    M11 = m * L * L / 4 + Ic + m * L * L;
    M22 = m * L * L / 4 + Ic;
    h = m * L * L / 2;
    double x = 0.7, y = 0.3;
    double phi2 = acos((x * x + y * y - 2 * L * L) / (2 * L * L));
    double phi1 = atan2(y, x) - atan2(L * sin(phi2), L + L * cos(phi2));
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    gsl_odeiv2_system sys = {rhs, NULL, 5, NULL};
    gsl_odeiv2_driver *drv = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-6, 1e-12, 1e-12);
    double t = 0, s[5] = {phi1, phi1 + phi2, 0, 0, 0}, e0 = energy(s), worst = 0;
    fputs("\"time\",\"revolute1.phi\",\"revolute2.phi\"\n", f);
    fprintf(f, "0,%.17g,%.17g\n", s[0], s[1] - s[0]);
    for (int i = 1; i <= n; i++) {
        double ti = stop * i / n;
        int rc = gsl_odeiv2_driver_apply(drv, &t, ti, s);
        if (rc != GSL_SUCCESS) {
            fprintf(stderr, "double_pendulum_ref: integration failed at t=%g: %s\n", t, gsl_strerror(rc));
            return 1;
        }
        fprintf(f, "%.17g,%.17g,%.17g\n", ti, s[0], s[1] - s[0]);
        if (fabs(energy(s) - e0) > worst)
            worst = fabs(energy(s) - e0);
    }
    gsl_odeiv2_driver_free(drv);
    if (fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    if (worst > 1e-8) {
        fprintf(stderr, "double_pendulum_ref: self-test failed: energy balance off by %g\n", worst);
        return 1;
    }
    return 0;
}
