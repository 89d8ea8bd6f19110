/*
 * planar_fourbar_ref.c - the reference trajectory of the MSL's Modelica.Mechanics.MultiBody.Examples.Loops.
 * PlanarFourbar, computed outside mo2c from the planar four-bar's equations of motion, derived by hand
 * from the example. Generalized coordinates: the absolute link angles q = (a1, a2, a4) of body1 (the
 * crank, a1 = revolute1.phi), body2 (the coupler, a2 = revolute1.phi + revolute2.phi) and body4 (the
 * rocker, a4 = revolute3.phi: body3 is fixed to the world). With R(a) the planar rotation and the links'
 * vectors v1 = (0.4, 0), v2 = (0.1, 1.1), v4 = v1 + v2 - v3 = (0.65, 0.1), v3 = (-0.15, 1), the loop
 * closes where revolute4cut joins body2's and body4's ends:
 *     Phi(q) = R(a1) v1 + R(a2) v2 - v3 - R(a4) v4 = 0          (2 equations, one degree of freedom)
 * Each link is a BodyBox (density 7700, width = height = 0.05 = world.defaultJointLength / 2): mass
 * m = 7700 l w^2, centre of mass at v/2, inertia m (l^2 + w^2) / 12 about z. Lagrange's equations with
 * the loop's multipliers: M(q) q'' + G^T lambda = Q(q, q') and G q'' = -gamma(q, q'), G = dPhi/dq, with
 * M = sum m J^T J + I e e^T per link (J the Jacobian of its centre of mass), Q the velocity terms,
 * gravity g = 9.80665 along -y and the damper d = 0.1 on revolute1 (-d a1'). The start: all angles 0
 * (the loop closes there), at rest (revolute1's phi and w fixed).
 * Integrated as the one-degree-of-freedom ODE in (a1, a1'): a2 and a4 from Phi = 0 by Newton's method,
 * a2' and a4' from G q' = 0, a1'' from the 5x5 linear system; GSL's rk8pd at tolerance 1e-12.
 *
 *   planar_fourbar_ref OUT.csv STOP N   write "time","revolute1.phi","revolute1.w","revolute2.phi",
 *                                       "revolute3.phi" at t = STOP * i / N
 *
 * Self-test: the energy balance (kinetic + potential + what the damper dissipated, integrated along)
 * stays within 1e-8 of its start; exit status 1 otherwise.
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const double w = 0.05, rho = 7700, g = 9.80665, d = 0.1;
static const double v1[2] = {0.4, 0}, v2[2] = {0.1, 1.1}, v3[2] = {-0.15, 1}, v4[2] = {0.65, 0.1};
static double m[3], I[3];      /* body1, body2, body4 */
static double guess[2];        /* a2, a4: Newton's start, the last solution */

static void rot(double a, const double *v, double *r)    /* R(a) v */
{
    r[0] = cos(a) * v[0] - sin(a) * v[1];
    r[1] = sin(a) * v[0] + cos(a) * v[1];
}

static void drot(double a, const double *v, double *r)   /* dR(a)/da v */
{
    r[0] = -sin(a) * v[0] - cos(a) * v[1];
    r[1] = cos(a) * v[0] - sin(a) * v[1];
}

/* a2, a4 closing the loop for a1 (Newton from the last solution) */
static int close_loop(double a1, double *a2, double *a4)
{
    double x2 = guess[0], x4 = guess[1];
    for (int it = 0; it < 50; it++) {
        double p1[2], p2[2], p4[2], d2[2], d4[2];
        rot(a1, v1, p1);
        rot(x2, v2, p2);
        rot(x4, v4, p4);
        drot(x2, v2, d2);
        drot(x4, v4, d4);
        double f0 = p1[0] + p2[0] - v3[0] - p4[0], f1 = p1[1] + p2[1] - v3[1] - p4[1];
        /* Jacobian [d2, -d4] */
        double det = d2[0] * -d4[1] - -d4[0] * d2[1];
        double dx2 = (f0 * -d4[1] - -d4[0] * f1) / det, dx4 = (d2[0] * f1 - d2[1] * f0) / det;
        x2 -= dx2;
        x4 -= dx4;
        if (fabs(dx2) + fabs(dx4) < 1e-15) {
            *a2 = guess[0] = x2;
            *a4 = guess[1] = x4;
            return 0;
        }
    }
    return -1;
}

/* the full state (q, q') for (a1, a1') */
static int full_state(const double *s, double *q, double *qd)
{
    q[0] = s[0];
    if (close_loop(s[0], &q[1], &q[2]))
        return -1;
    double g1[2], g2[2], g4[2];
    drot(q[0], v1, g1);
    drot(q[1], v2, g2);
    drot(q[2], v4, g4);
    /* g2 a2' - g4 a4' = -g1 a1' */
    double det = g2[0] * -g4[1] - -g4[0] * g2[1];
    double b0 = -g1[0] * s[1], b1 = -g1[1] * s[1];
    qd[0] = s[1];
    qd[1] = (b0 * -g4[1] - -g4[0] * b1) / det;
    qd[2] = (g2[0] * b1 - g2[1] * b0) / det;
    return 0;
}

/* the centres of mass' Jacobians J[link][coordinate][xy] and velocity-product accelerations c[link][xy] */
static void kinematics(const double *q, const double *qd, double J[3][3][2], double c[3][2])
{
    double h1[2] = {v1[0] / 2, v1[1] / 2}, h2[2] = {v2[0] / 2, v2[1] / 2}, h4[2] = {v4[0] / 2, v4[1] / 2};
    double r[2];
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            J[i][k][0] = J[i][k][1] = 0;
    drot(q[0], h1, J[0][0]);
    drot(q[0], v1, J[1][0]);
    drot(q[1], h2, J[1][1]);
    drot(q[2], h4, J[2][2]);
    rot(q[0], h1, r);
    c[0][0] = -r[0] * qd[0] * qd[0];
    c[0][1] = -r[1] * qd[0] * qd[0];
    double r2[2];
    rot(q[0], v1, r);
    rot(q[1], h2, r2);
    c[1][0] = -r[0] * qd[0] * qd[0] - r2[0] * qd[1] * qd[1];
    c[1][1] = -r[1] * qd[0] * qd[0] - r2[1] * qd[1] * qd[1];
    rot(q[2], h4, r);
    c[2][0] = -r[0] * qd[2] * qd[2];
    c[2][1] = -r[1] * qd[2] * qd[2];
}

/* s = {a1, a1', dissipated} */
static int rhs(double t, const double s[], double ds[], void *params)
{
    (void)t;
    (void)params;
    double q[3], qd[3], J[3][3][2], c[3][2];
    if (full_state(s, q, qd))
        return GSL_EBADFUNC;
    kinematics(q, qd, J, c);
    double A[25] = {0}, b[5] = {0};
    for (int i = 0; i < 3; i++) {      /* link i rotates with coordinate i */
        A[i * 5 + i] += I[i];
        for (int j = 0; j < 3; j++) {
            for (int k = 0; k < 3; k++)
                A[j * 5 + k] += m[i] * (J[i][j][0] * J[i][k][0] + J[i][j][1] * J[i][k][1]);
            b[j] -= m[i] * (J[i][j][0] * c[i][0] + J[i][j][1] * c[i][1]) + m[i] * g * J[i][j][1];
        }
    }
    b[0] -= d * qd[0];
    double g1[2], g2[2], g4[2], r1[2], r2[2], r4[2];
    drot(q[0], v1, g1);
    drot(q[1], v2, g2);
    drot(q[2], v4, g4);
    rot(q[0], v1, r1);
    rot(q[1], v2, r2);
    rot(q[2], v4, r4);
    for (int x = 0; x < 2; x++) {
        double G[3] = {g1[x], g2[x], -g4[x]};
        for (int k = 0; k < 3; k++) {
            A[(3 + x) * 5 + k] = G[k];
            A[k * 5 + 3 + x] = G[k];
        }
        b[3 + x] = r1[x] * qd[0] * qd[0] + r2[x] * qd[1] * qd[1] - r4[x] * qd[2] * qd[2];
    }
    gsl_matrix_view Am = gsl_matrix_view_array(A, 5, 5);
    gsl_vector_view bv = gsl_vector_view_array(b, 5);
    double sol[5];
    gsl_vector_view xv = gsl_vector_view_array(sol, 5);
    gsl_permutation *p = gsl_permutation_alloc(5);
    int sg;
    gsl_linalg_LU_decomp(&Am.matrix, p, &sg);
    gsl_linalg_LU_solve(&Am.matrix, p, &bv.vector, &xv.vector);
    gsl_permutation_free(p);
    ds[0] = s[1];
    ds[1] = sol[0];
    ds[2] = d * s[1] * s[1];
    return GSL_SUCCESS;
}

static double energy(const double *s)
{
    double q[3], qd[3], J[3][3][2], c[3][2];
    if (full_state(s, q, qd))
        return NAN;
    kinematics(q, qd, J, c);
    double e = s[2];
    double cm[3][2], h1[2] = {v1[0] / 2, v1[1] / 2}, h2[2] = {v2[0] / 2, v2[1] / 2}, h4[2] = {v4[0] / 2, v4[1] / 2};
    double r[2];
    rot(q[0], h1, cm[0]);
    rot(q[0], v1, r);
    rot(q[1], h2, cm[1]);
    cm[1][0] += r[0];
    cm[1][1] += r[1];
    rot(q[2], h4, cm[2]);
    cm[2][1] += v3[1];
    for (int i = 0; i < 3; i++) {
        double vx = 0, vy = 0;
        for (int k = 0; k < 3; k++) {
            vx += J[i][k][0] * qd[k];
            vy += J[i][k][1] * qd[k];
        }
        e += 0.5 * m[i] * (vx * vx + vy * vy) + 0.5 * I[i] * qd[i] * qd[i] + m[i] * g * cm[i][1];
    }
    return e;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: planar_fourbar_ref OUT.csv STOP N\n");
        return 2;
    }
    const double *v[3] = {v1, v2, v4};
    for (int i = 0; i < 3; i++) {
        double l2 = v[i][0] * v[i][0] + v[i][1] * v[i][1];
        m[i] = rho * sqrt(l2) * w * w;
        I[i] = m[i] * (l2 + w * w) / 12;
    }
    double stop = atof(argv[2]);
    int n = atoi(argv[3]);
    FILE *f = fopen(argv[1], "w");
    if (!f || n <= 0 || !(stop > 0)) {
        fprintf(stderr, "planar_fourbar_ref: bad arguments\n");
        return 2;
    }
    gsl_odeiv2_system sys = {rhs, NULL, 3, NULL};
    gsl_odeiv2_driver *drv = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-6, 1e-12, 1e-12);
    double s[3] = {0, 0, 0}, t = 0, e0 = energy(s), worst = 0;
    fprintf(f, "\"time\",\"revolute1.phi\",\"revolute1.w\",\"revolute2.phi\",\"revolute3.phi\"\n");
    for (int i = 0; i <= n; i++) {
        double ti = stop * i / n;
        if (i > 0 && gsl_odeiv2_driver_apply(drv, &t, ti, s) != GSL_SUCCESS) {
            fprintf(stderr, "planar_fourbar_ref: integration failed at t = %g\n", t);
            return 1;
        }
        double q[3], qd[3];
        if (full_state(s, q, qd)) {
            fprintf(stderr, "planar_fourbar_ref: the loop does not close at t = %g\n", t);
            return 1;
        }
        fprintf(f, "%.17g,%.17g,%.17g,%.17g,%.17g\n", ti, q[0], s[1], q[1] - q[0], q[2]);
        double de = fabs(energy(s) - e0);
        if (de > worst)
            worst = de;
    }
    gsl_odeiv2_driver_free(drv);
    fclose(f);
    if (!(worst < 1e-8)) {
        fprintf(stderr, "planar_fourbar_ref: energy balance off by %g\n", worst);
        return 1;
    }
    return 0;
}
