/*
 * test_rt_algebra.c - the runtime's services for generated code (runtime/algebra.c): checked math and
 * its messages (the first failure of an evaluation wins), dense linear systems (a solution, a singular
 * matrix), nonlinear systems (with and without the Jacobian, from a poor start, an affine one from a
 * start near 0, one without a real root, a residual out of its domain, the piecewise-linear loops of an
 * ideal op amp with limits), on an mo2c_data from mo2c_data_alloc and on a bare one.
 */
#include "mo2c_rt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;
#define CHECK(c, ...) do { if (!(c)) { failures++; fprintf(stderr, "%s:%d: ", __FILE__, __LINE__); \
                                       fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static const mo2c_model model = {"T", "", 1, 1, 1, 0, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, NULL,
                                   0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL};

/* circle x^2 + y^2 = 4 and line x = y: root (sqrt 2, sqrt 2) from a positive start */
static int circle(mo2c_data *d, const double *z, double *F)
{
    (void)d;
    F[0] = z[0] * z[0] + z[1] * z[1] - 4.0;
    F[1] = z[0] - z[1];
    return 0;
}

static int circle_jac(mo2c_data *d, const double *z, double *J)
{
    (void)d;
    J[0] = 2.0 * z[0], J[1] = 2.0 * z[1];
    J[2] = 1.0, J[3] = -1.0;
    return 0;
}

/* affine in z, its root far from a start near 0 (a friction element's sa crossing zero) */
static int affine(mo2c_data *d, const double *z, double *F)
{
    (void)d;
    F[0] = 0.0224 - z[0];
    F[1] = 3.0 * z[1] - z[0] + 1e-3;
    return 0;
}

static int no_root(mo2c_data *d, const double *z, double *F)
{
    (void)d;
    F[0] = z[0] * z[0] + 1.0;
    return 0;
}

/* a residual that fails on its own (a checked sqrt of a negative argument) */
static int bad_res(mo2c_data *d, const double *z, double *F)
{
    int ok = 1;
    F[0] = mo2c_sqrt(d, z[0] - 10.0, "res.mo:3: sqrt(z - 10)", &ok) - 1.0;
    return ok ? 0 : -1;
}

/* an op amp's limiter (slope 15000 in a band of 1 mV) */
static double limiter(double v)
{
    return 15000.0 * v > 15.0 ? 15.0 : 15000.0 * v < -15.0 ? -15.0 : 15000.0 * v;
}

/* a Schmitt trigger's loop v = out/2 - u at u = 7.6: the positive branch (out = 15, v = 7.5 - u) is
 * gone; the one root is out = -15, v = -15.1, across the band in which F climbs the wrong way */
static int schmitt(mo2c_data *d, const double *z, double *F)
{
    (void)d;
    F[0] = z[0] - 0.5 * limiter(z[0]) + 7.6;
    return 0;
}

/* an amplifier of gain 2 torn on two unknowns (vin, out), from saturation back into the band:
 * u = 3, so out = 15000 * 3 / 7501 */
static int amplifier(mo2c_data *d, const double *z, double *F)
{
    (void)d;
    F[0] = z[0] - (3.0 - 0.5 * z[1]);
    F[1] = z[1] - limiter(z[0]);
    return 0;
}

/* an ideal diode off in a loop (its s has the coefficient Goff = 1e-5) beside terms of 40 A: the
 * residual cannot go below their rounding (ulp(40) = 7e-15), so the Newton step, that rounding over
 * 1e-5, stays near 1e-10 in an unknown of 1e-3 (DiodeCenterTapmPulse at t = 0.00167) */
static int rounded(mo2c_data *d, const double *z, double *F)
{
    (void)d;
    volatile double big = 40.0;   /* (no folding of (40 + a) - 40 to a) */
    F[0] = (big + 1e-5 * z[0]) - big - 1e-8 - 1e-5 * (z[0] - z[1]);
    F[1] = z[1] - z[0];
    return 0;
}

static void test_checked_math(mo2c_data *d)
{
    int ok = 1;
    CHECK(mo2c_div(d, 1.0, 4.0, "w", &ok) == 0.25 && ok, "div");
    CHECK(mo2c_sqrt(d, 9.0, "w", &ok) == 3.0 && ok, "sqrt");
    CHECK(mo2c_log(d, 1.0, "w", &ok) == 0.0 && ok, "log");
    CHECK(mo2c_pow(d, -2.0, 3.0, "w", &ok) == -8.0 && ok, "pow with an integer exponent");
    mo2c_div(d, 1.0, 0.0, "m.mo:7: y = a/b", &ok);
    CHECK(!ok && strcmp(d->error, "division by zero in equation m.mo:7: y = a/b") == 0, "div msg: %s", d->error);
    mo2c_sqrt(d, -1.0, "m.mo:8: later", &ok); /* the first failure stays */
    CHECK(strcmp(d->error, "division by zero in equation m.mo:7: y = a/b") == 0, "first wins: %s", d->error);
    ok = 1;
    mo2c_sqrt(d, -0.5, "m.mo:8: s = sqrt(u)", &ok);
    CHECK(!ok && strcmp(d->error, "sqrt of negative number -0.5 in equation m.mo:8: s = sqrt(u)") == 0, "%s", d->error);
    ok = 1;
    mo2c_log(d, 0.0, "m.mo:9: l = log(u)", &ok);
    CHECK(!ok && strcmp(d->error, "log of non-positive number 0 in equation m.mo:9: l = log(u)") == 0, "%s", d->error);
    ok = 1;
    mo2c_pow(d, -8.0, 0.5, "m.mo:10: p = u^0.5", &ok);
    CHECK(!ok && strcmp(d->error, "pow(-8, 0.5): negative base with a non-integer exponent in equation m.mo:10: "
                                  "p = u^0.5") == 0, "%s", d->error);
    ok = 1;
    mo2c_pow(d, 0.0, -1.0, "m.mo:11: q = u^(-1)", &ok);
    CHECK(!ok && strcmp(d->error, "pow(0, -1): division by zero in equation m.mo:11: q = u^(-1)") == 0, "%s", d->error);
    CHECK(mo2c_fail(d, "custom %d", 42) == -1 && strcmp(d->error, "custom 42") == 0, "mo2c_fail");
}

static void test_linear(mo2c_data *d)
{
    double A[9] = {0, 2, 1, 1, 1, 1, 2, 1, 3}, b[3] = {7, 6, 13}; /* solution (1, 2, 3); needs pivoting */
    CHECK(mo2c_solve_linear(d, 3, A, b, "w") == 0, "3x3: %s", d->error);
    CHECK(fabs(b[0] - 1) < 1e-14 && fabs(b[1] - 2) < 1e-14 && fabs(b[2] - 3) < 1e-14, "3x3 solution %g %g %g",
          b[0], b[1], b[2]);
    double S[4] = {1, 2, 2, 4}, c[2] = {1, 2};
    CHECK(mo2c_solve_linear(d, 2, S, c, "m.mo:3: loop {i1, i2}") != 0 &&
              strcmp(d->error, "singular linear system in m.mo:3: loop {i1, i2}") == 0, "singular: %s", d->error);
    double S3[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, c3[3] = {1, 1, 1}; /* singular, but no exact zero pivot */
    CHECK(mo2c_solve_linear(d, 3, S3, c3, "w3") != 0, "nearly singular 3x3 accepted: %g %g %g", c3[0], c3[1], c3[2]);
    double one[1] = {4}, r[1] = {2};
    CHECK(mo2c_solve_linear(d, 1, one, r, "w") == 0 && r[0] == 0.5, "1x1");
    double nan_b[4] = {1, 0, 0, 1}, rn[2] = {1, NAN};
    CHECK(mo2c_solve_linear(d, 2, nan_b, rn, "m.mo:5: loop {a, b}") != 0 &&
              strcmp(d->error, "linear system in m.mo:5: loop {a, b}: its right-hand side is nan (a value it reads "
                               "is not finite)") == 0, "non-finite right-hand side: %s", d->error);
    double inf_a[1] = {INFINITY}, ri[1] = {1};
    CHECK(mo2c_solve_linear(d, 1, inf_a, ri, "m.mo:6: x*k = 1") != 0 &&
              strcmp(d->error, "linear system in m.mo:6: x*k = 1: a coefficient is inf (a value it reads is not "
                               "finite)") == 0, "non-finite coefficient: %s", d->error);
    double zero[1] = {0}, r0[1] = {1};
    CHECK(mo2c_solve_linear(d, 1, zero, r0, "m.mo:4: 0*x = 1") != 0 &&
              strcmp(d->error, "singular linear system in m.mo:4: 0*x = 1") == 0, "1x1 singular: %s", d->error);
}

static void test_nonlinear(mo2c_data *d)
{
    for (int withjac = 0; withjac < 2; withjac++) {
        double z[2] = {5.0, 0.1};
        int rc = mo2c_solve_nonlinear(d, 2, z, circle, withjac ? circle_jac : NULL, "w");
        CHECK(rc == 0 && fabs(z[0] - sqrt(2.0)) < 1e-12 && fabs(z[1] - sqrt(2.0)) < 1e-12,
              "circle (jac %d): rc %d z %.17g %.17g %s", withjac, rc, z[0], z[1], d->error);
        rc = mo2c_solve_nonlinear(d, 2, z, circle, withjac ? circle_jac : NULL, "w"); /* from the root */
        CHECK(rc == 0 && fabs(z[0] - sqrt(2.0)) < 1e-12, "restart at the root");
    }
    double za[2] = {2.6e-12, 0.0};
    int rc = mo2c_solve_nonlinear(d, 2, za, affine, NULL, "w");
    CHECK(rc == 0 && fabs(za[0] - 0.0224) < 1e-15 && fabs(za[1] - 0.0214 / 3) < 1e-15,
          "affine from near 0: rc %d z %.17g %.17g %s", rc, za[0], za[1], d->error);
    double z[1] = {0.5};
    rc = mo2c_solve_nonlinear(d, 1, z, no_root, NULL, "m.mo:5: z^2 + 1 = 0");
    CHECK(rc != 0 && strncmp(d->error, "nonlinear system in m.mo:5: z^2 + 1 = 0 not solved: residual norm ", 66) == 0 &&
              z[0] == 0.5, "no root: rc %d %s", rc, d->error);
    z[0] = 20.0; /* Newton's first step leaves the domain (z < 10): shorter steps stay in it */
    rc = mo2c_solve_nonlinear(d, 1, z, bad_res, NULL, "w");
    CHECK(rc == 0 && fabs(z[0] - 11.0) < 1e-9, "back into the domain: rc %d z %.17g %s", rc, z[0], d->error);
    z[0] = 5.0; /* out of the domain at the start */
    d->error[0] = '\0';
    rc = mo2c_solve_nonlinear(d, 1, z, bad_res, NULL, "w");
    CHECK(rc != 0 && strncmp(d->error, "sqrt of negative number", 23) == 0, "residual failure: %s", d->error);
    z[0] = 0.1; /* the last solution on the positive branch */
    rc = mo2c_solve_nonlinear(d, 1, z, schmitt, NULL, "w");
    CHECK(rc == 0 && fabs(z[0] + 15.1) < 1e-12, "schmitt switch: rc %d z %.17g %s", rc, z[0], d->error);
    double zb[2] = {12.0 - 7.5, 15.0}; /* saturated at u = 12 */
    rc = mo2c_solve_nonlinear(d, 2, zb, amplifier, NULL, "w");
    CHECK(rc == 0 && fabs(zb[1] - 45000.0 / 7501.0) < 1e-9 && fabs(zb[0] - (3.0 - 0.5 * zb[1])) < 1e-12,
          "amplifier back into the band: rc %d z %.17g %.17g %s", rc, zb[0], zb[1], d->error);
    double zr[2] = {2e-3, 0.0};
    rc = mo2c_solve_nonlinear(d, 2, zr, rounded, NULL, "w");
    CHECK(rc == 0 && fabs(zr[0] - 1e-3) < 1e-9 && fabs(zr[1] - zr[0]) < 1e-15,
          "rounding floor: rc %d z %.17g %.17g %s", rc, zr[0], zr[1], d->error);
}

int main(void)
{
    mo2c_data *d = mo2c_data_alloc(&model);
    CHECK(d && d->x && d->p && d->solver && d->model == &model, "alloc");
    test_checked_math(d);
    test_linear(d);
    test_nonlinear(d);
    mo2c_data_free(d);

    mo2c_data bare; /* no runtime state: the solvers allocate for the call */
    memset(&bare, 0, sizeof bare);
    test_linear(&bare);
    test_nonlinear(&bare);
    return failures ? 1 : 0;
}
