/*
 * smd_hand.c - the seed's spring-mass-damper written by hand against GSL, the baseline of the
 * generated SMD simulator (bench/run.sh compares wall time and steps).
 *
 *   smd_hand STOP STEP TOL [SOLVER] [csv FILE]
 *
 * It drives GSL exactly as the runtime does (runtime/solver.c): gsl_odeiv2_driver_alloc_y_new with
 * hstart = 1e-3 * STEP and epsabs = epsrel = TOL, the same stepper (rkf45 by default, the runtime's
 * default), output times start + i * STEP with the last one exactly STOP, and between output times
 * gsl_odeiv2_evolve_apply until the output time is reached. The ODE is the hand-derived one of
 * tests/ref/smd_ref.c (x = phi1, w1, phi2, w2). Prints "steps: N" (accepted steps, as the runtime's
 * LOG_STATS does) and a checksum of the output points so the work cannot be optimised away; with
 * "csv FILE" it writes the states at the output points.
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double J1 = 0.4, c1 = 11, d1 = 0.2, J2 = 1, c2 = 5, d2 = 1;

static int rhs(double t, const double x[], double dx[], void *params)
{
    (void)t;
    (void)params;
    double tau1 = c1 * (x[0] - x[2]) + d1 * (x[1] - x[3]);
    double tau2 = c2 * x[2] + d2 * x[3];
    dx[0] = x[1];
    dx[1] = -tau1 / J1;
    dx[2] = x[3];
    dx[3] = (tau1 - tau2) / J2;
    return GSL_SUCCESS;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: smd_hand STOP STEP TOL [rkf45|rk8pd|msbdf|...] [csv FILE]\n");
        return 2;
    }
    double stop = atof(argv[1]), h = atof(argv[2]), tol = atof(argv[3]);
    const char *sname = argc > 4 ? argv[4] : "rkf45";
    const gsl_odeiv2_step_type *type = strcmp(sname, "rk8pd") == 0   ? gsl_odeiv2_step_rk8pd
                                       : strcmp(sname, "msbdf") == 0 ? gsl_odeiv2_step_msbdf
                                       : strcmp(sname, "rkck") == 0  ? gsl_odeiv2_step_rkck
                                                                     : gsl_odeiv2_step_rkf45;
    FILE *csv = argc > 6 && strcmp(argv[5], "csv") == 0 ? fopen(argv[6], "w") : NULL;
    long n = (long)nearbyint(stop / h);
    gsl_odeiv2_system sys = {rhs, NULL, 4, NULL};
    gsl_odeiv2_driver *drv = gsl_odeiv2_driver_alloc_y_new(&sys, type, 1e-3 * h, tol, tol);
    double t = 0, x[4] = {0, 0, 1, 0}, sum = 0;
    if (csv)
        fprintf(csv, "\"time\",\"inertia1.phi\",\"inertia1.w\",\"inertia2.phi\",\"inertia2.w\"\n%.17g,%.17g,"
                     "%.17g,%.17g,%.17g\n", t, x[0], x[1], x[2], x[3]);
    for (long i = 1; i <= n; i++) {
        double ti = i == n ? stop : (double)i * h;
        while (t < ti) {
            int status = gsl_odeiv2_evolve_apply(drv->e, drv->c, drv->s, &sys, &t, ti, &drv->h, x);
            if (status != GSL_SUCCESS) {
                fprintf(stderr, "smd_hand: %s at t=%g\n", gsl_strerror(status), t);
                return 1;
            }
        }
        t = ti;
        sum += x[0] + x[1] + x[2] + x[3];
        if (csv)
            fprintf(csv, "%.17g,%.17g,%.17g,%.17g,%.17g\n", t, x[0], x[1], x[2], x[3]);
    }
    printf("steps: %lu\nchecksum: %.17g\n", drv->e->count, sum);
    gsl_odeiv2_driver_free(drv);
    if (csv)
        fclose(csv);
    return 0;
}
