/*
 * handosc.c - the harmonic oscillator of osc.c written directly against GSL, the way a hand-written
 * program drives it (gsl_odeiv2_driver_apply to each output time): the reference the runtime's loop
 * must match step for step (tests/sim/rt_gsl_parity.sh).
 *     usage: handosc STEPPER TOLERANCE STOPTIME INTERVALS
 * prints "steps N failed N rhs N maxerr E" where maxerr is the largest |x - cos t| on the output grid.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

static unsigned long nrhs;

static int f(double t, const double y[], double dydt[], void *params)
{
    (void)t, (void)params;
    nrhs++;
    dydt[0] = y[1];
    dydt[1] = -y[0];
    return GSL_SUCCESS;
}

static int jac(double t, const double y[], double *dfdy, double dfdt[], void *params)
{
    (void)t, (void)y, (void)params;
    dfdy[0] = 0.0, dfdy[1] = 1.0, dfdy[2] = -1.0, dfdy[3] = 0.0;
    dfdt[0] = dfdt[1] = 0.0;
    return GSL_SUCCESS;
}

int main(int argc, char **argv)
{
    if (argc != 5)
        return 2;
    static const struct { const char *name; const gsl_odeiv2_step_type *const *T; } steppers[] = {
        {"rkf45", &gsl_odeiv2_step_rkf45}, {"rkck", &gsl_odeiv2_step_rkck}, {"rk8pd", &gsl_odeiv2_step_rk8pd},
        {"rk4imp", &gsl_odeiv2_step_rk4imp}, {"bsimp", &gsl_odeiv2_step_bsimp},
        {"msadams", &gsl_odeiv2_step_msadams}, {"msbdf", &gsl_odeiv2_step_msbdf},
    };
    const gsl_odeiv2_step_type *T = NULL;
    for (size_t i = 0; i < sizeof steppers / sizeof steppers[0]; i++)
        if (strcmp(argv[1], steppers[i].name) == 0)
            T = *steppers[i].T;
    if (!T)
        return 2;
    double tol = atof(argv[2]), stop = atof(argv[3]);
    long n = atol(argv[4]);
    double h = stop / (double)n; /* output interval, start = 0 */
    gsl_odeiv2_system sys = {f, jac, 2, NULL};
    gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, T, 1e-3 * h, tol, tol);
    double y[2] = {1.0, 0.0}, t = 0.0, maxerr = 0.0;
    for (long i = 1; i <= n; i++) {
        double ti = i == n ? stop : (double)i * h;
        if (gsl_odeiv2_driver_apply(d, &t, ti, y) != GSL_SUCCESS)
            return 1;
        double e = fabs(y[0] - cos(ti));
        if (e > maxerr)
            maxerr = e;
    }
    printf("steps %lu failed %lu rhs %lu maxerr %.3g\n", d->e->count, d->e->failed_steps, nrhs, maxerr);
    gsl_odeiv2_driver_free(d);
    return 0;
}
