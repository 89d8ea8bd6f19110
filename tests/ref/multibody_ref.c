/*
 * multibody_ref.c - the reference trajectory of the MSL's Modelica.Mechanics.MultiBody.Examples.
 * Elementary.Pendulum, computed outside mo2c from the pendulum's equation of motion in its one angle:
 *     (I33 + m r^2) phi'' = -m g r cos(phi) - d phi',   phi(0) = 0, phi'(0) = 0
 * derived by hand from the example: a revolute joint about z (n = {0, 0, 1}) fixed to the world, a body
 * of mass m = 1 with its centre of mass at r_CM = {0.5, 0, 0} in the joint's rotating frame (r = 0.5)
 * and I_33 = 0.001 (Body's default), gravity g = Modelica.Constants.g_n = 9.80665 along -y (World's
 * default), so that the centre of mass at (r cos(phi), r sin(phi)) feels the torque -m g r cos(phi)
 * about z; a damper d = 0.1 between the joint's support and its axis adds -d phi'. Integrated with GSL's
 * rk8pd at absolute and relative tolerance 1e-12.
 *
 *   multibody_ref OUT.csv STOP N     write "time","rev.phi","rev.w" at t = STOP * i / N
 *
 * Self-test: the energy balance E(t) + (dissipated up to t) stays within 1e-9 of E(0), where
 * E = (I33 + m r^2) phi'^2 / 2 + m g r sin(phi) and the damper dissipates d phi'^2 (integrated along as a
 * third state); exit status 1 otherwise.
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const double m = 1, r = 0.5, I33 = 0.001, g = 9.80665, d = 0.1;

static int rhs(double t, const double s[], double ds[], void *params)
{
    (void)t;
    (void)params;
    ds[0] = s[1];
    ds[1] = (-m * g * r * cos(s[0]) - d * s[1]) / (I33 + m * r * r);
    ds[2] = d * s[1] * s[1];   /* the energy the damper has dissipated */
    return GSL_SUCCESS;
}

static double energy(const double *s)
{
    return (I33 + m * r * r) * s[1] * s[1] / 2 + m * g * r * sin(s[0]) + s[2];
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: multibody_ref OUT.csv STOP N\n");
        return 2;
    }
    double stop = atof(argv[2]);
    int n = atoi(argv[3]);
    if (n < 1 || !(stop > 0)) {
        fprintf(stderr, "multibody_ref: bad STOP or N\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    gsl_odeiv2_system sys = {rhs, NULL, 3, NULL};
    gsl_odeiv2_driver *drv = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-6, 1e-12, 1e-12);
    double t = 0, s[3] = {0, 0, 0}, e0 = energy(s), worst = 0;
    fputs("\"time\",\"rev.phi\",\"rev.w\"\n", f);
    fprintf(f, "0,%.17g,%.17g\n", s[0], s[1]);
    for (int i = 1; i <= n; i++) {
        double ti = stop * i / n;
        int rc = gsl_odeiv2_driver_apply(drv, &t, ti, s);
        if (rc != GSL_SUCCESS) {
            fprintf(stderr, "multibody_ref: integration failed at t=%g: %s\n", t, gsl_strerror(rc));
            return 1;
        }
        fprintf(f, "%.17g,%.17g,%.17g\n", ti, s[0], s[1]);
        if (fabs(energy(s) - e0) > worst)
            worst = fabs(energy(s) - e0);
    }
    gsl_odeiv2_driver_free(drv);
    if (fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    if (worst > 1e-9) {
        fprintf(stderr, "multibody_ref: self-test failed: energy balance off by %g\n", worst);
        return 1;
    }
    return 0;
}
