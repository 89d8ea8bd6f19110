/*
 * chain_ref.c - the trajectory of the N-unit chain of bench/gen_chain.sh, computed outside mo2c by an
 * accurate integration (GSL rk8pd, absolute and relative tolerance 1e-12) of the hand-derived ODE.
 *
 *   chain_ref N OUT.csv STOP STEPS      write STEPS + 1 rows at t = STOP * k / STEPS, k = 0..STEPS
 *
 * The model (bench/gen_chain.sh): unit i = 1..N is a spring (c_i = 1 + i mod 7) and a damper
 * (d_i = 0.1 + 0.05 (i mod 5)) in parallel from the previous inertia's flange_b (the ground for i = 1) to
 * inertia i's flange_a (J_i = 1 + 0.5 (i mod 3)); phi_i(0) = 0 except phi_N(0) = 1, w_i(0) = 0.
 * Derivation (a flange's tau is the torque flowing into the component through it): spring i and damper
 * i carry tau_i = c_i (phi_{i-1} - phi_i) + d_i (w_{i-1} - w_i) with phi_0 = w_0 = 0 (ground); the
 * connection set at inertia i's flange_a gives inertia_i.flange_a.tau = tau_i, the one at its flange_b
 * gives inertia_i.flange_b.tau = -tau_{i+1} (0 for i = N: unconnected). Hence
 *   der(phi_i) = w_i,   J_i der(w_i) = tau_i - tau_{i+1}.
 * Columns: time, inertiaK.phi, inertiaK.w, springK.flange_a.tau = c_K (phi_{K-1} - phi_K) and
 * inertiaK.flange_a.tau = tau_K for K in {1, 2, N/2, N - 1, N}.
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct chain { int n; double *c, *d, *J; } chain;

static double tau(const chain *ch, const double *x, int i) /* i = 1..N; x = (phi_1, w_1, ...) */
{
    double phip = i > 1 ? x[2 * (i - 2)] : 0, wp = i > 1 ? x[2 * (i - 2) + 1] : 0;
    return ch->c[i] * (phip - x[2 * (i - 1)]) + ch->d[i] * (wp - x[2 * (i - 1) + 1]);
}

static int rhs(double t, const double *x, double *dx, void *p)
{
    (void)t;
    const chain *ch = p;
    for (int i = 1; i <= ch->n; i++) {
        double next = i < ch->n ? tau(ch, x, i + 1) : 0;
        dx[2 * (i - 1)] = x[2 * (i - 1) + 1];
        dx[2 * (i - 1) + 1] = (tau(ch, x, i) - next) / ch->J[i];
    }
    return GSL_SUCCESS;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: chain_ref N OUT.csv STOP STEPS\n");
        return 2;
    }
    int n = atoi(argv[1]), steps = atoi(argv[4]);
    double stop = atof(argv[3]);
    if (n < 4 || steps < 1) {
        fprintf(stderr, "chain_ref: N >= 4 and STEPS >= 1\n");
        return 2;
    }
    chain ch = {n, calloc((size_t)n + 1, sizeof(double)), calloc((size_t)n + 1, sizeof(double)),
                calloc((size_t)n + 1, sizeof(double))};
    double *x = calloc(2 * (size_t)n, sizeof(double));
    if (!ch.c || !ch.d || !ch.J || !x)
        return 1;
    for (int i = 1; i <= n; i++) {
        ch.c[i] = 1 + i % 7;
        ch.d[i] = 0.1 + (i % 5) * 0.05;
        ch.J[i] = 1 + (i % 3) * 0.5;
    }
    x[2 * (n - 1)] = 1;
    FILE *f = fopen(argv[2], "w");
    if (!f)
        return 1;
    int pick[5] = {1, 2, n / 2, n - 1, n};
    fprintf(f, "\"time\"");
    for (int k = 0; k < 5; k++)
        fprintf(f, ",\"inertia%d.phi\",\"inertia%d.w\",\"spring%d.flange_a.tau\",\"inertia%d.flange_a.tau\"",
                pick[k], pick[k], pick[k], pick[k]);
    fprintf(f, "\n");
    gsl_odeiv2_system sys = {rhs, NULL, 2 * (size_t)n, &ch};
    gsl_odeiv2_driver *drv = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-6, 1e-12, 1e-12);
    double t = 0;
    for (int s = 0; s <= steps; s++) {
        double ts = stop * s / steps;
        if (ts > t && gsl_odeiv2_driver_apply(drv, &t, ts, x) != GSL_SUCCESS) {
            fprintf(stderr, "chain_ref: integration failed at t = %g\n", t);
            return 1;
        }
        fprintf(f, "%.17g", ts);
        for (int k = 0; k < 5; k++) {
            int i = pick[k];
            double phip = i > 1 ? x[2 * (i - 2)] : 0;
            fprintf(f, ",%.17g,%.17g,%.17g,%.17g", x[2 * (i - 1)], x[2 * (i - 1) + 1],
                    ch.c[i] * (phip - x[2 * (i - 1)]), tau(&ch, x, i));
        }
        fprintf(f, "\n");
    }
    gsl_odeiv2_driver_free(drv);
    return fclose(f) == 0 ? 0 : 1;
}
