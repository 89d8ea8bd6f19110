/*
 * pendulum_ref.c - the reference trajectory of tests/models/Pendulum.mo, computed outside mo2c and in
 * other coordinates: the polar form of the same pendulum,
 *     theta'' = -(g / L) sin(theta),  theta(0) = 30 degrees (or THETA0),  theta'(0) = 0   (released at rest)
 * integrated with GSL's rk8pd at absolute and relative tolerance 1e-12, then mapped to the Cartesian
 * variables of the model (theta measured from the downward vertical, counter-clockwise):
 *     x = L sin(theta),  y = -L cos(theta),  u = L cos(theta) theta',  v = L sin(theta) theta'
 *     lambda = m (g cos(theta) + L theta'^2) / L   (the rod force per unit length: tension / L, from
 *              m der(u) = -lambda x and the radial balance T = m g cos(theta) + m L theta'^2)
 *
 *   pendulum_ref OUT.csv STOP N [THETA0]    write N + 1 rows at t = STOP * i / N; THETA0 in radians
 *
 * Self-test: energy E = L^2 theta'^2 / 2 - g L cos(theta) stays within 1e-10 of its start, and a run at
 * tolerance 1e-10 agrees with the 1e-12 run to 1e-8 at every point; exit status 1 otherwise.
 * Parameters as in Pendulum.mo: m = 1, L = 1, g = 9.81.
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const double m = 1, L = 1, g = 9.81;
static double theta0 = M_PI / 6;

static int rhs(double t, const double s[], double ds[], void *params)
{
    (void)t;
    (void)params;
    ds[0] = s[1];
    ds[1] = -(g / L) * sin(s[0]);
    return GSL_SUCCESS;
}

/* theta and theta' at the n + 1 grid times, into th[2 * (n + 1)] */
static int integrate(double stop, int n, double tol, double *th)
{
    gsl_odeiv2_system sys = {rhs, NULL, 2, NULL};
    gsl_odeiv2_driver *drv = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-6, tol, tol);
    double t = 0, s[2] = {theta0, 0};
    th[0] = s[0];
    th[1] = s[1];
    for (int i = 1; i <= n; i++) {
        double ti = stop * i / n;
        int rc = gsl_odeiv2_driver_apply(drv, &t, ti, s);
        if (rc != GSL_SUCCESS) {
            fprintf(stderr, "pendulum_ref: integration failed at t=%g: %s\n", t, gsl_strerror(rc));
            gsl_odeiv2_driver_free(drv);
            return 1;
        }
        th[2 * i] = s[0];
        th[2 * i + 1] = s[1];
    }
    gsl_odeiv2_driver_free(drv);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: pendulum_ref OUT.csv STOP N [THETA0]\n");
        return 2;
    }
    double stop = atof(argv[2]);
    int n = atoi(argv[3]);
    if (argc == 5)
        theta0 = atof(argv[4]);
    if (n < 1 || !(stop > 0)) {
        fprintf(stderr, "pendulum_ref: bad STOP or N\n");
        return 2;
    }
    double *th = malloc(sizeof(double) * 2 * (size_t)(n + 1));
    double *th2 = malloc(sizeof(double) * 2 * (size_t)(n + 1));
    if (!th || !th2 || integrate(stop, n, 1e-12, th) || integrate(stop, n, 1e-10, th2))
        return 1;
    double e0 = -g * L * cos(th[0]), worst_e = 0, worst_d = 0;
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fputs("\"time\",\"x\",\"y\",\"u\",\"v\",\"lambda\"\n", f);
    for (int i = 0; i <= n; i++) {
        double a = th[2 * i], w = th[2 * i + 1];
        worst_e = fmax(worst_e, fabs(0.5 * L * L * w * w - g * L * cos(a) - e0));
        worst_d = fmax(worst_d, fmax(fabs(a - th2[2 * i]), fabs(w - th2[2 * i + 1])));
        fprintf(f, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", stop * i / n, L * sin(a), -L * cos(a),
                L * cos(a) * w, L * sin(a) * w, m * (g * cos(a) + L * w * w) / L);
    }
    fclose(f);
    free(th);
    free(th2);
    if (!(worst_e < 1e-10) || !(worst_d < 1e-8)) {
        fprintf(stderr, "pendulum_ref: self-test failed: energy drift %g, 1e-10 vs 1e-12 runs differ by %g\n",
                worst_e, worst_d);
        return 1;
    }
    fprintf(stderr, "pendulum_ref: %d rows, energy drift %.2e, tolerance check %.2e\n", n + 1, worst_e,
            worst_d);
    return 0;
}
