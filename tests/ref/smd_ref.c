/*
 * smd_ref.c - the exact trajectory of the seed's spring-mass-damper SMD (ModelicaByExample, rotational
 * chapter), computed outside mo2c: x(t) = expm(A t) x0 for the hand-derived 4 x 4 linear system.
 *
 *   smd_ref OUT.csv STOP N      write N + 1 rows at t = STOP * i / N, i = 0..N
 *
 * Self-test before writing: the matrix exponential (GSL's scaling and squaring) must agree with the
 * eigen-decomposition x(t) = V exp(L t) V^-1 x0 (gsl_eigen_nonsymmv) to 1e-10 at every output time;
 * exit status 1 otherwise.
 *
 * Derivation (the components of the DRY approach; the verbose ones give the same equations).
 * Sign convention: a flange's tau is the torque flowing INTO the component through that flange.
 *   Inertia: phi = flange_a.phi, w = der(flange_a.phi), flange_a.phi = flange_b.phi (rigid),
 *            J der(w) = flange_a.tau + flange_b.tau
 *   Spring:  tau = flange_a.tau = c (flange_a.phi - flange_b.phi), flange_b.tau = -tau
 *   Damper:  tau = flange_a.tau = d der(flange_a.phi - flange_b.phi), flange_b.tau = -tau
 *   Ground:  flange_a.phi = 0
 * Connection sets (potential variables equal, flow variables sum to zero):
 *   G = {ground.flange_a, damper2.flange_b, spring2.flange_b}: all phi = 0
 *   N2 = {damper2.flange_a, spring2.flange_a, inertia2.flange_b}: phi = phi2,
 *        damper2.flange_a.tau + spring2.flange_a.tau + inertia2.flange_b.tau = 0
 *   N3 = {inertia2.flange_a, damper1.flange_b, spring1.flange_b}: phi = phi2 (inertia2 is rigid),
 *        inertia2.flange_a.tau + damper1.flange_b.tau + spring1.flange_b.tau = 0
 *   N4 = {damper1.flange_a, spring1.flange_a, inertia1.flange_b}: phi = phi1,
 *        damper1.flange_a.tau + spring1.flange_a.tau + inertia1.flange_b.tau = 0
 *   inertia1.flange_a is unconnected: its flow variable is set to zero, inertia1.flange_a.tau = 0.
 * Hence, with tau1 = c1 (phi1 - phi2) + d1 (w1 - w2) (spring1 + damper1, from flange_a to flange_b) and
 * tau2 = c2 phi2 + d2 w2 (spring2 + damper2):
 *   inertia1.flange_b.tau = -tau1, inertia2.flange_a.tau = tau1, inertia2.flange_b.tau = -tau2
 *   J1 der(w1) = 0 - tau1,   J2 der(w2) = tau1 - tau2
 * State x = (phi1, w1, phi2, w2) with J1 = 0.4, c1 = 11, d1 = 0.2, J2 = 1, c2 = 5, d2 = 1:
 *   der(phi1) = w1
 *   der(w1)   = (-c1 phi1 - d1 w1 + c1 phi2 + d1 w2) / J1
 *   der(phi2) = w2
 *   der(w2)   = (c1 phi1 + d1 w1 - (c1 + c2) phi2 - (d1 + d2) w2) / J2
 * Start: phi1 = 0, w1 = 0, phi2 = 1, w2 = 0 (all fixed in the seed).
 * Columns: the seed SMD's public names, plus the flange variables that the verbose components share
 * (tests/models/VerboseSMD.mo, whose inertia velocity is protected) and the spring torque.
 */
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_complex_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 4 };
static const double J1 = 0.4, c1 = 11, d1 = 0.2, J2 = 1, c2 = 5, d2 = 1;
static const double x0[N] = {0, 0, 1, 0};

static void system_matrix(gsl_matrix *A)
{
    const double a[N][N] = {
        {0, 1, 0, 0},
        {-c1 / J1, -d1 / J1, c1 / J1, d1 / J1},
        {0, 0, 0, 1},
        {c1 / J2, d1 / J2, -(c1 + c2) / J2, -(d1 + d2) / J2},
    };
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            gsl_matrix_set(A, (size_t)i, (size_t)j, a[i][j]);
}

/* x(t) by the matrix exponential */
static void by_expm(const gsl_matrix *A, double t, double *x)
{
    gsl_matrix *At = gsl_matrix_alloc(N, N), *E = gsl_matrix_alloc(N, N);
    gsl_matrix_memcpy(At, A);
    gsl_matrix_scale(At, t);
    gsl_linalg_exponential_ss(At, E, GSL_PREC_DOUBLE);
    for (int i = 0; i < N; i++) {
        x[i] = 0;
        for (int j = 0; j < N; j++)
            x[i] += gsl_matrix_get(E, (size_t)i, (size_t)j) * x0[j];
    }
    gsl_matrix_free(At);
    gsl_matrix_free(E);
}

/* The eigen-decomposition, done once: eigenvalues L, eigenvectors V, coefficients k = V^-1 x0. */
typedef struct eig { gsl_vector_complex *L; gsl_matrix_complex *V; gsl_vector_complex *k; } eig;

static eig decompose(const gsl_matrix *A)
{
    eig e = {gsl_vector_complex_alloc(N), gsl_matrix_complex_alloc(N, N), gsl_vector_complex_alloc(N)};
    gsl_matrix *Ac = gsl_matrix_alloc(N, N);
    gsl_matrix_memcpy(Ac, A);
    gsl_eigen_nonsymmv_workspace *w = gsl_eigen_nonsymmv_alloc(N);
    gsl_eigen_nonsymmv(Ac, e.L, e.V, w);
    gsl_eigen_nonsymmv_free(w);
    gsl_matrix_complex *LU = gsl_matrix_complex_alloc(N, N);
    gsl_matrix_complex_memcpy(LU, e.V);
    gsl_permutation *p = gsl_permutation_alloc(N);
    int sign;
    gsl_linalg_complex_LU_decomp(LU, p, &sign);
    gsl_vector_complex *b = gsl_vector_complex_alloc(N);
    for (int i = 0; i < N; i++)
        gsl_vector_complex_set(b, (size_t)i, gsl_complex_rect(x0[i], 0));
    gsl_linalg_complex_LU_solve(LU, p, b, e.k);
    gsl_vector_complex_free(b);
    gsl_permutation_free(p);
    gsl_matrix_complex_free(LU);
    gsl_matrix_free(Ac);
    return e;
}

static void by_eigen(const eig *e, double t, double *x)
{
    for (int i = 0; i < N; i++) {
        gsl_complex s = gsl_complex_rect(0, 0);
        for (int j = 0; j < N; j++) {
            gsl_complex term = gsl_complex_mul(gsl_matrix_complex_get(e->V, (size_t)i, (size_t)j),
                                               gsl_vector_complex_get(e->k, (size_t)j));
            term = gsl_complex_mul(term, gsl_complex_exp(gsl_complex_mul_real(
                                             gsl_vector_complex_get(e->L, (size_t)j), t)));
            s = gsl_complex_add(s, term);
        }
        x[i] = GSL_REAL(s);
    }
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: smd_ref OUT.csv STOP N\n");
        return 2;
    }
    double stop = atof(argv[2]);
    int n = atoi(argv[3]);
    if (n < 1 || !(stop > 0)) {
        fprintf(stderr, "smd_ref: bad STOP or N\n");
        return 2;
    }
    gsl_matrix *A = gsl_matrix_alloc(N, N);
    system_matrix(A);
    eig e = decompose(A);
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fputs("\"time\",\"inertia1.phi\",\"inertia1.w\",\"inertia2.phi\",\"inertia2.w\","
          "\"inertia1.flange_a.phi\",\"inertia2.flange_a.phi\",\"inertia1.flange_b.tau\","
          "\"inertia2.flange_a.tau\",\"inertia2.flange_b.tau\",\"spring1.tau\"\n", f);
    double worst = 0;
    for (int i = 0; i <= n; i++) {
        double t = stop * i / n, x[N], xe[N];
        by_expm(A, t, x);
        by_eigen(&e, t, xe);
        for (int j = 0; j < N; j++)
            worst = fmax(worst, fabs(x[j] - xe[j]));
        double spring1 = c1 * (x[0] - x[2]);
        double tau1 = spring1 + d1 * (x[1] - x[3]);
        double tau2 = c2 * x[2] + d2 * x[3];
        fprintf(f, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, x[0], x[1],
                x[2], x[3], x[0], x[2], -tau1, tau1, -tau2, spring1);
    }
    fclose(f);
    if (!(worst < 1e-10)) {
        fprintf(stderr, "smd_ref: self-test failed: expm and eigen-decomposition differ by %g\n", worst);
        return 1;
    }
    fprintf(stderr, "smd_ref: %d rows, expm vs eigen max difference %.2e\n", n + 1, worst);
    return 0;
}
