/*
 * array_ref.c - exact trajectories of the two array test models (tests/models/Rod.mo and
 * tests/models/ChainArray.mo), computed outside mo2c: x(t) = expm(M t) x0 for the hand-derived linear
 * systems, with GSL's gsl_linalg_exponential_ss.
 *
 *   array_ref rod OUT.csv STOP STEPS      write STEPS + 1 rows at t = STOP * k / STEPS
 *   array_ref chain OUT.csv STOP STEPS
 *
 * Rod (N = 10 cells, C = 1, G = 10, left end held at Tb = 400, right end insulated, T(0) = 300):
 *   C der(T1) = G (Tb - 2 T1 + T2),  C der(Ti) = G (T(i-1) - 2 Ti + T(i+1)),  C der(TN) = G (T(N-1) - TN)
 *   The constant Tb makes it affine; the state is extended with a constant 1 so that one matrix
 *   exponential covers it: x = (T1..TN, 1), M = [[A, b], [0, 0]] with b1 = G Tb / C.
 * Chain (N = 5 units of ModelicaByExample components, unit i = spring c_i and damper d_i in parallel
 * from inertia i-1 (the ground for i = 1) to inertia i; inertia N's flange_b is free):
 *   the torque through unit i, from its flange_a to its flange_b: tau_i = c_i (phi(i-1) - phi_i)
 *   + d_i (w(i-1) - w_i) with phi_0 = w_0 = 0; the connection sets give inertia_i.flange_a.tau = tau_i and
 *   inertia_i.flange_b.tau = -tau(i+1) (tau(N+1) = 0), so J_i der(w_i) = tau_i - tau(i+1), der(phi_i) = w_i.
 *   J_i = 1 + 0.5 mod(i, 3), c_i = 1 + i, d_i = 0.1 + 0.05 i; phi_N(0) = 1, all others 0.
 * Self-check: the exponential at t is compared with the product of exponentials at t/2 (1e-9 relative).
 */
#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RN = 10, CN = 5 };

static int build_rod(gsl_matrix **M, double **x0, const char ***names)
{
    const double C = 1, G = 10, Tb = 400;
    int n = RN + 1;
    *M = gsl_matrix_calloc((size_t)n, (size_t)n);
    *x0 = calloc((size_t)n, sizeof **x0);
    *names = calloc((size_t)n, sizeof **names);
    for (int i = 0; i < RN; i++) {
        double left = i > 0 ? 1 : 0, right = i < RN - 1 ? 1 : 0;
        gsl_matrix_set(*M, (size_t)i, (size_t)i, -G * (1 + (i < RN - 1 ? 1 : 0)) / C);
        if (i > 0) gsl_matrix_set(*M, (size_t)i, (size_t)i - 1, G * left / C);
        if (i < RN - 1) gsl_matrix_set(*M, (size_t)i, (size_t)i + 1, G * right / C);
        (*x0)[i] = 300;
        char *nm = malloc(16);
        snprintf(nm, 16, "T[%d]", i + 1);
        (*names)[i] = nm;
    }
    gsl_matrix_set(*M, 0, (size_t)RN, G * Tb / C);   /* the left boundary, through the constant state */
    (*x0)[RN] = 1;
    return RN;   /* columns written: the temperatures */
}

static int build_chain(gsl_matrix **M, double **x0, const char ***names)
{
    int n = 2 * CN;   /* x = (phi_1, w_1, ..., phi_N, w_N) */
    double J[CN + 1], c[CN + 2], d[CN + 2];
    for (int i = 1; i <= CN; i++) {
        J[i] = 1 + 0.5 * (i % 3);
        c[i] = 1 + i;
        d[i] = 0.1 + 0.05 * i;
    }
    c[CN + 1] = d[CN + 1] = 0;   /* no unit after the last inertia */
    *M = gsl_matrix_calloc((size_t)n, (size_t)n);
    *x0 = calloc((size_t)n, sizeof **x0);
    *names = calloc((size_t)n, sizeof **names);
    for (int i = 1; i <= CN; i++) {
        int p = 2 * (i - 1), w = p + 1;
        gsl_matrix_set(*M, (size_t)p, (size_t)w, 1);
        /* J_i der(w_i) = tau_i - tau_(i+1); tau_i = c_i (phi_(i-1) - phi_i) + d_i (w_(i-1) - w_i) */
        if (i > 1) {
            gsl_matrix_set(*M, (size_t)w, (size_t)p - 2, c[i] / J[i]);
            gsl_matrix_set(*M, (size_t)w, (size_t)p - 1, d[i] / J[i]);
        }
        gsl_matrix_set(*M, (size_t)w, (size_t)p, -(c[i] + c[i + 1]) / J[i]);
        gsl_matrix_set(*M, (size_t)w, (size_t)w, -(d[i] + d[i + 1]) / J[i]);
        if (i < CN) {
            gsl_matrix_set(*M, (size_t)w, (size_t)p + 2, c[i + 1] / J[i]);
            gsl_matrix_set(*M, (size_t)w, (size_t)p + 3, d[i + 1] / J[i]);
        }
        char *a = malloc(32), *b = malloc(32);
        snprintf(a, 32, "inertia[%d].phi", i);
        snprintf(b, 32, "inertia[%d].w", i);
        (*names)[p] = a;
        (*names)[w] = b;
    }
    (*x0)[2 * (CN - 1)] = 1;
    return n;
}

static void expm_apply(const gsl_matrix *M, double t, const double *x0, double *x)
{
    size_t n = M->size1;
    gsl_matrix *Mt = gsl_matrix_alloc(n, n), *E = gsl_matrix_alloc(n, n);
    gsl_matrix_memcpy(Mt, M);
    gsl_matrix_scale(Mt, t);
    gsl_linalg_exponential_ss(Mt, E, GSL_PREC_DOUBLE);
    for (size_t i = 0; i < n; i++) {
        x[i] = 0;
        for (size_t j = 0; j < n; j++)
            x[i] += gsl_matrix_get(E, i, j) * x0[j];
    }
    gsl_matrix_free(Mt);
    gsl_matrix_free(E);
}

int main(int argc, char **argv)
{
    if (argc != 5 || (strcmp(argv[1], "rod") != 0 && strcmp(argv[1], "chain") != 0)) {
        fprintf(stderr, "usage: array_ref rod|chain OUT.csv STOP STEPS\n");
        return 2;
    }
    double stop = atof(argv[3]);
    int steps = atoi(argv[4]);
    if (steps < 1 || !(stop > 0)) {
        fprintf(stderr, "array_ref: bad STOP or STEPS\n");
        return 2;
    }
    gsl_matrix *M;
    double *x0;
    const char **names;
    int ncol = argv[1][0] == 'r' ? build_rod(&M, &x0, &names) : build_chain(&M, &x0, &names);
    size_t n = M->size1;
    double *x = calloc(n, sizeof *x), *h = calloc(n, sizeof *h), *y = calloc(n, sizeof *y);
    FILE *f = fopen(argv[2], "w");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    fprintf(f, "\"time\"");
    for (int i = 0; i < ncol; i++)
        fprintf(f, ",\"%s\"", names[i]);
    fprintf(f, "\n");
    for (int k = 0; k <= steps; k++) {
        double t = stop * k / steps;
        expm_apply(M, t, x0, x);
        expm_apply(M, t / 2, x0, h);   /* self-check: expm(M t) x0 = expm(M t/2) expm(M t/2) x0 */
        expm_apply(M, t / 2, h, y);
        for (size_t i = 0; i < n; i++)
            if (fabs(x[i] - y[i]) > 1e-9 * (1 + fabs(x[i]))) {
                fprintf(stderr, "array_ref: self-check failed at t = %g (%g vs %g)\n", t, x[i], y[i]);
                return 1;
            }
        fprintf(f, "%.17g", t);
        for (int i = 0; i < ncol; i++)
            fprintf(f, ",%.17g", x[i]);
        fprintf(f, "\n");
    }
    fclose(f);
    return 0;
}
